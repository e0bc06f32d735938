// The base URL and reference time the suites run with: findings and lastmods compare against them.
export const BASE = 'https://www.example.com/';
export const NOW = '2026-01-01T00:00:00Z';
