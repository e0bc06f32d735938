// The version written in manifests and printed by the CLI.
export const VERSION = '0.1.0';
