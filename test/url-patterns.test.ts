// Include and exclude rules in URL Pattern syntax (SPEC 10, `row-excluded-rule`). Every test runs on
// the polyfill, and on the platform's URLPattern where there is one (Node 24: run this file there too,
// `npx -y -p node@24 node --import tsx --test test/url-patterns.test.ts`).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { URLPattern as PolyfillURLPattern } from 'urlpattern-polyfill/urlpattern';
import {
  compileRules,
  compileRulesWith,
  loadUrlPattern,
  RuleError,
  type UrlPatternClass,
  type UrlRule,
  type UrlVerdict,
} from '../src/rules/url-patterns.ts';

const BASE = 'https://www.example.com/shop/';
const U = 'https://www.example.com';
const nativeURLPattern = (globalThis as { URLPattern?: UrlPatternClass }).URLPattern;
const implementations: [string, UrlPatternClass][] = [['polyfill', PolyfillURLPattern as UrlPatternClass]];
if (nativeURLPattern) implementations.push(['native', nativeURLPattern]);

const include = (pattern: string): UrlRule => ({ kind: 'include', pattern });
const exclude = (pattern: string): UrlRule => ({ kind: 'exclude', pattern });
const KEPT: UrlVerdict = { excluded: false };

test('url patterns: the platform URLPattern when there is one, else the polyfill, without setting the global', async () => {
  const loaded = await loadUrlPattern();
  if (nativeURLPattern) {
    assert.equal(loaded, nativeURLPattern);
  } else {
    assert.equal(loaded, PolyfillURLPattern);
    assert.equal((globalThis as { URLPattern?: unknown }).URLPattern, undefined);
  }
  const rules = await compileRules([exclude('/tag/*')], BASE);
  assert.deepEqual(rules.verdict(`${U}/tag/a`), { excluded: true, kind: 'exclude', rule: 'exclude /tag/*' });
});

for (const [name, URLPattern] of implementations) {
  const compile = (rules: UrlRule[], base = BASE) => compileRulesWith(URLPattern, rules, base);

  test(`url patterns (${name}): the samples of SPEC 10`, () => {
    const cases: [string, string[], string[]][] = [
      ['/blog/*', [`${U}/blog/a`, `${U}/blog/`, `${U}/blog/2024/a?page=2`], [`${U}/blog`, `${U}/blogs/a`, `${U}/en/blog/a`, 'https://other.example/blog/a', 'http://www.example.com/blog/a', 'https://www.example.com:8443/blog/a']],
      // A pattern with a host and no port matches the default port only, as the standard says.
      ['*://*/tag/*', [`${U}/tag/a`, 'http://other.example/tag/b?x=1', 'https://a.b.example/tag/'], [`${U}/tags/a`, `${U}/a/tag/b`, 'https://a.b.example:8080/tag/']],
      ['*://*:*/tag/*', ['https://a.b.example:8080/tag/', `${U}/tag/a`], []],
      ['/*?sort=*', [`${U}/list?sort=asc`, `${U}/a/b?sort=`], [`${U}/list`, `${U}/list?a=1&sort=asc`, `${U}/sort=asc`, 'https://other.example/list?sort=asc']],
      ['/*\\?sort=*', [`${U}/list?sort=asc`], [`${U}/list`]],
    ];
    for (const [pattern, matches, misses] of cases) {
      const rules = compile([exclude(pattern)]);
      for (const url of matches) assert.deepEqual(rules.verdict(url), { excluded: true, kind: 'exclude', rule: `exclude ${pattern}` }, `${pattern} matches ${url}`);
      for (const url of misses) assert.deepEqual(rules.verdict(url), KEPT, `${pattern} misses ${url}`);
    }
  });

  test(`url patterns (${name}): include and exclude, in order`, () => {
    assert.deepEqual(compile([]).verdict(`${U}/a`), KEPT, 'no rule keeps all');

    const onlyBlog = compile([include('/blog/*')]);
    assert.deepEqual(onlyBlog.verdict(`${U}/blog/a`), KEPT);
    assert.deepEqual(onlyBlog.verdict(`${U}/about`), { excluded: true, kind: 'include', rule: 'include /blog/*' });

    const rules = compile([include('/blog/*'), exclude('/blog/drafts/*'), include('/news/*'), exclude('/*/drafts/*'), exclude('/*\\?*=*')]);
    assert.deepEqual(rules.verdict(`${U}/blog/a`), KEPT);
    assert.deepEqual(rules.verdict(`${U}/news/a`), KEPT);
    assert.deepEqual(rules.verdict(`${U}/blog/drafts/a`), { excluded: true, kind: 'exclude', rule: 'exclude /blog/drafts/*' }, 'the first exclude rule that matches');
    assert.deepEqual(rules.verdict(`${U}/news/drafts/a`), { excluded: true, kind: 'exclude', rule: 'exclude /*/drafts/*' });
    assert.deepEqual(rules.verdict(`${U}/blog/a?x=1`), { excluded: true, kind: 'exclude', rule: 'exclude /*\\?*=*' }, 'an exclude rule beats an include rule');
    assert.deepEqual(rules.verdict(`${U}/about`), { excluded: true, kind: 'include', rule: 'include /blog/* or /news/*' });

    const excludesOnly = compile([exclude('/tag/*'), exclude('/author/:name')]);
    assert.deepEqual(excludesOnly.verdict(`${U}/about`), KEPT);
    assert.deepEqual(excludesOnly.verdict(`${U}/author/jo`), { excluded: true, kind: 'exclude', rule: 'exclude /author/:name' });
    assert.deepEqual(excludesOnly.verdict(`${U}/author/jo/posts`), KEPT, ':name is one path segment');
  });

  test(`url patterns (${name}): a path pattern is on the base URL's origin, whatever the base URL's path`, () => {
    const rules = compile([include('/a/*')], 'http://localhost:8080/deep/path/index.html?q=1#x');
    assert.deepEqual(rules.verdict('http://localhost:8080/a/b'), KEPT);
    assert.equal(rules.verdict('http://localhost:8080/deep/path/a/b').excluded, true);
    assert.equal(rules.verdict('http://localhost/a/b').excluded, true);
  });

  test(`url patterns (${name}): patterns that cannot backtrack badly are accepted`, () => {
    for (const pattern of ['/:lang/blog/:slug', '/blog/*/page/*', 'https://*.example.com/*', '/\\(x\\)', '/a{-:b}?', '/{*a}?*b', '/:a/:b/:c/:d/:e', '/*-:id', '/p/*\\?a=*&b=*', `/${'a'.repeat(255)}`]) {
      assert.doesNotThrow(() => compile([exclude(pattern)]), pattern);
    }
    assert.equal(compile([exclude('/\\(x\\)')]).verdict(`${U}/(x)`).excluded, true);
  });

  test(`url patterns (${name}): each refusal has its message, naming the rule`, () => {
    const refusals: [string, string][] = [
      [`/${'a'.repeat(256)}`, 'a pattern has at most 256 characters; this one has 257.'],
      ['**.google.com', 'a pattern starts with "/" (a path on the base URL\'s site) or with a scheme ("https://…", "*://…").'],
      ['blog/*', 'a pattern starts with "/" (a path on the base URL\'s site) or with a scheme ("https://…", "*://…").'],
      ['//cdn.example.com/*', 'a pattern starts with "/" (a path on the base URL\'s site) or with a scheme ("https://…", "*://…").'],
      ['', 'a pattern starts with "/" (a path on the base URL\'s site) or with a scheme ("https://…", "*://…").'],
      ['https://**.google.com/*', '"**" is not allowed: one "*" already matches any characters, "/" included.'],
      ['/blog/**', '"**" is not allowed: one "*" already matches any characters, "/" included.'],
      ['/blog/:id(\\d+)', 'regular expression groups "(…)" are not allowed; write "\\(" for a parenthesis.'],
      ['/(.*)', 'regular expression groups "(…)" are not allowed; write "\\(" for a parenthesis.'],
      ['/\\\\(a)', 'regular expression groups "(…)" are not allowed; write "\\(" for a parenthesis.'],
      ['/*:id', 'wildcards side by side are not allowed; put a character between them.'],
      ['/:a:b', 'wildcards side by side are not allowed; put a character between them.'],
      ['/:a?:b', 'wildcards side by side are not allowed; put a character between them.'],
      ['/:id*', 'a group repeated by "*" (":name*", "{…}*") is not allowed.'],
      ['/:id+', 'a group repeated by "+" (":name+", "{…}+") is not allowed.'],
      ['/{a-:b}*', 'a group repeated by "*" (":name*", "{…}*") is not allowed.'],
      ['/*a*a*b', 'at most two "*" in one part of the URL (protocol, host, path, query).'],
      ['/*/*/*/x', 'at most two "*" in one part of the URL (protocol, host, path, query).'],
      ['https://*.*.*.example/*', 'at most two "*" in one part of the URL (protocol, host, path, query).'],
      ['/x?a=*&b=*&c=*', 'at most two "*" in one part of the URL (protocol, host, path, query).'],
      ['/:a-:b-:c', 'at most two wildcards ("*", ":name") between two "/".'],
      ['/*-:a-:b', 'at most two wildcards ("*", ":name") between two "/".'],
    ];
    for (const [pattern, why] of refusals) {
      assert.throws(
        () => compile([include('/ok/*'), exclude(pattern)]),
        (error: unknown) => error instanceof RuleError && error.message === `Rule "exclude ${pattern}": ${why}` && error.rule.pattern === pattern,
        pattern,
      );
    }
  });

  test(`url patterns (${name}): a pattern that does not parse`, () => {
    for (const pattern of ['/a+b', '/{a', '/:', 'https://exa mple.com/*', 'https://[::1/*']) {
      assert.throws(() => compile([include(pattern)]), { name: 'RuleError', message: `Rule "include ${pattern}": this is not a valid URL pattern.` }, pattern);
    }
  });
}

test('url patterns: the platform URLPattern and the polyfill give the same verdicts', { skip: nativeURLPattern ? false : 'this Node has no URLPattern' }, () => {
  const patterns = ['/blog/*', '*://*/tag/*', '/*?sort=*', '/:lang/blog/:slug', '/a{-:b}?', 'https://*.example.com/*', '/p/*\\?a=*&b=*', '/ünï/*', '/a%20b/*', '/*.pdf'];
  const urls = [
    `${U}/`,
    `${U}/blog/a`,
    `${U}/en/blog/a`,
    `${U}/en/blog/a/b`,
    `${U}/tag/a?x=1`,
    'http://other.example/tag/b',
    `${U}/list?sort=asc`,
    `${U}/a`,
    `${U}/a-b`,
    'https://cdn.example.com/x',
    `${U}/p/x?a=1&b=2`,
    `${U}/%C3%BCn%C3%AF/x`,
    `${U}/a%20b/c`,
    `${U}/files/x.pdf`,
    `${U}/files/x.PDF`,
  ];
  let matched = 0;
  for (const pattern of patterns) {
    const native = compileRulesWith(nativeURLPattern!, [exclude(pattern)], BASE);
    const polyfill = compileRulesWith(PolyfillURLPattern as UrlPatternClass, [exclude(pattern)], BASE);
    for (const url of urls) {
      assert.deepEqual(native.verdict(url), polyfill.verdict(url), `${pattern} on ${url}`);
      if (native.verdict(url).excluded) matched++;
    }
  }
  assert.ok(matched >= patterns.length, `each pattern matches some URL (${matched} matches)`);
});
