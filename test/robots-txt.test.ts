// robots.txt by RFC 9309 (SPEC 10 `robots-disallowed`): robots-parser's own test cases and the
// published examples of RFC 9309 and Google, as data; each verdict is also checked against
// robots-parser called directly, which may differ only where this module says so (/robots.txt).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import robotsParserExport from 'robots-parser';
import { parseRobotsTxt, ROBOTS_TXT_MAX_BYTES, type RobotsRules } from '../src/rules/robots-txt.ts';

const robotsParser = robotsParserExport as unknown as (url: string, text: string) => {
  isAllowed(url: string, agent: string): boolean | undefined;
};

interface Case {
  name: string;
  /** Lines, or the whole text. */
  robots: string[] | string;
  robotsUrl?: string;
  agent?: string;
  allowed?: string[];
  disallowed?: string[];
  /** Other origins and strings that are not URLs: not judged. */
  notJudged?: string[];
  /** Why this module answers otherwise than robots-parser called directly. */
  differs?: string;
}

const E = 'http://www.example.com';

// Cases of samclarke/robots-parser test/Robots.js (commit fc27a00), as data. Its "disallowed" lists of
// the port tests hold URLs of other origins, for which its isDisallowed() is true: here they are
// `notJudged`. Its tests of relative robots.txt URLs, crawl-delay, host and sitemap are left out.
const robotsParserCases: Case[] = [
  {
    name: 'disallow directive',
    robots: ['User-agent: *', 'Disallow: /fish/', 'Disallow: /test.html'],
    allowed: [`${E}/fish`, `${E}/Test.html`],
    disallowed: [`${E}/fish/index.php`, `${E}/fish/`, `${E}/test.html`],
  },
  {
    name: 'allow directive',
    robots: ['User-agent: *', 'Disallow: /fish/', 'Disallow: /test.html', 'Allow: /fish/test.html', 'Allow: /test.html'],
    allowed: [`${E}/fish`, `${E}/fish/test.html`, `${E}/Test.html`, `${E}/test.html`],
    disallowed: [`${E}/fish/index.php`, `${E}/fish/`],
  },
  {
    name: 'patterns',
    robots: ['User-agent: *', 'Disallow: /fish*.php', 'Disallow: /*.dext$', 'Disallow: /dir*'],
    allowed: [`${E}/Fish.PHP`, `${E}/Fish.dext1`, `${E}/folder/dir.html`, `${E}/folder/dir/test.html`],
    disallowed: [
      `${E}/fish.php`,
      `${E}/fishheads/catfish.php?parameters`,
      `${E}/AnYthInG.dext`,
      `${E}/Fish.dext.dext`,
      `${E}/dir/test.html`,
      `${E}/directory.html`,
    ],
  },
  {
    name: 'order of precedence for allow and disallow',
    robots: [
      'User-agent: *',
      'Disallow: /fish*.php',
      'Allow: /fish/index.php',
      'Disallow: /test',
      'Allow: /test/',
      'Disallow: /aa/',
      'Allow: /aa/',
      'Allow: /bb/',
      'Disallow: /bb/',
    ],
    allowed: [`${E}/test/index.html`, `${E}/fish/index.php`, `${E}/test/`, `${E}/aa/`, `${E}/bb/`, `${E}/x/`],
    disallowed: [`${E}/fish.php`, `${E}/fishheads/catfish.php?parameters`, `${E}/test`],
  },
  {
    name: 'order of precedence for wildcards',
    robots: ['User-agent: *', 'Disallow: /*/', 'Allow: /x/'],
    allowed: [`${E}/x/`, `${E}/fish.php`, `${E}/test`],
    disallowed: [`${E}/a/`, `${E}/xx/`, `${E}/test/index.html`],
  },
  ...['\r', '\r\n', 'User-agent: *\rDisallow: /fish/\r\nDisallow: /test.html\n\n'].map((separator) => ({
    name: `lines separated by ${JSON.stringify(separator.length > 2 ? 'mixed line endings' : separator)}`,
    robots: separator.length > 2 ? separator : ['User-agent: *', 'Disallow: /fish/', 'Disallow: /test.html'].join(separator),
    allowed: [`${E}/fish`, `${E}/Test.html`],
    disallowed: [`${E}/fish/index.php`, `${E}/fish/`, `${E}/test.html`],
  })),
  {
    name: 'rules outside a group are ignored',
    robots: ['Disallow: /secret.html', 'Disallow: /test'],
    allowed: [`${E}/secret.html`, `${E}/test/index.html`, `${E}/test/`],
  },
  {
    name: 'comments',
    robots: ['#', '# This is a comment', '#', 'User-agent: *', '# This is a comment', 'Disallow: /fish/ # ignore', '# Disallow: fish', 'Disallow: /test.html'],
    allowed: [`${E}/fish`, `${E}/Test.html`],
    disallowed: [`${E}/fish/index.php`, `${E}/fish/`, `${E}/test.html`],
  },
  {
    name: 'invalid lines',
    robots: ['invalid line', 'User-agent: *', 'Disallow: /fish/', ':::::another invalid line:::::', 'Disallow: /test.html', 'Unknown: tule'],
    allowed: [`${E}/fish`, `${E}/Test.html`],
    disallowed: [`${E}/fish/index.php`, `${E}/fish/`, `${E}/test.html`],
  },
  {
    name: 'empty user-agent lines',
    robots: ['User-agent:', 'Disallow: /fish/', 'Disallow: /test.html'],
    allowed: [`${E}/fish`, `${E}/Test.html`, `${E}/fish/index.php`, `${E}/fish/`, `${E}/test.html`],
  },
  {
    name: 'a group of several user agents, any case',
    robots: ['User-agent: agenta', 'User-agent: agentb', 'Disallow: /fish'],
    agent: 'AgentA',
    disallowed: [`${E}/fish`],
  },
  {
    name: 'URLs it does not judge',
    robots: ['User-agent: *', 'Disallow: /secret.html', 'Disallow: /test'],
    notJudged: [
      'http://example.com/secret.html',
      'http://ex ample.com/secret.html',
      'http://www.example.net/test/index.html',
      'http://www.examsple.com/test/',
      'example.com/test/',
      ':::::;;`\\|/.example.com/test/',
      '/fish/test',
    ],
  },
  ...['http://www.münich.com/robots.txt', 'http://www.xn--mnich-kva.com/robots.txt', 'http://www.m%C3%BCnich.com/robots.txt'].map((robotsUrl) => ({
    name: `Unicode, percent-encoded and punycode hosts (${robotsUrl})`,
    robots: ['User-agent: *', 'Disallow: /secret.html', 'Disallow: /test'],
    robotsUrl,
    allowed: ['http://www.münich.com/index.html', 'http://www.xn--mnich-kva.com/index.html', 'http://www.m%C3%BCnich.com/index.html'],
    disallowed: ['http://www.münich.com/secret.html', 'http://www.xn--mnich-kva.com/secret.html', 'http://www.m%C3%BCnich.com/secret.html'],
  })),
  {
    name: 'Unicode and percent-encoded paths',
    robots: [
      'User-agent: *',
      'Disallow: /%CF%80',
      'Disallow: /%e2%9d%83',
      'Disallow: /%a%a',
      'Disallow: /💩',
      'Disallow: /✼*t$',
      'Disallow: /%E2%9C%A4*t$',
      'Disallow: /✿%a',
      'Disallow: /http%3A%2F%2Fexample.org',
    ],
    allowed: [
      `${E}/✼testing`,
      `${E}/%E2%9C%BCtesting`,
      `${E}/✤testing`,
      `${E}/%E2%9C%A4testing`,
      `${E}/http://example.org`,
      `${E}/http:%2F%2Fexample.org`,
    ],
    disallowed: [
      `${E}/%CF%80`,
      `${E}/%CF%80/index.html`,
      `${E}/π`,
      `${E}/π/index.html`,
      `${E}/%e2%9d%83`,
      `${E}/%E2%9D%83/index.html`,
      `${E}/❃`,
      `${E}/❃/index.html`,
      `${E}/%F0%9F%92%A9`,
      `${E}/%F0%9F%92%A9/index.html`,
      `${E}/💩`,
      `${E}/💩/index.html`,
      `${E}/%a%a`,
      `${E}/%a%a/index.html`,
      `${E}/✼test`,
      `${E}/%E2%9C%BCtest`,
      `${E}/✤test`,
      `${E}/%E2%9C%A4testt`,
      `${E}/✿%a`,
      `${E}/%E2%9C%BF%atest`,
      `${E}/http%3A%2F%2Fexample.org`,
    ],
  },
  {
    name: 'lone surrogates',
    robots: ['User-agent: *', 'Disallow: /\uD800', 'Disallow: /\uDC00'],
    allowed: [`${E}/\uDC00`, `${E}/\uD800`],
  },
  {
    name: 'host case',
    robots: ['User-agent: *', 'Disallow: /secret.html', 'Disallow: /test'],
    robotsUrl: 'http://www.eXample.com/robots.txt',
    allowed: [`${E}/index.html`, 'http://www.ExAmPlE.com/index.html', 'http://www.EXAMPLE.com/index.html'],
    disallowed: [`${E}/secret.html`, 'http://www.ExAmPlE.com/secret.html', 'http://www.EXAMPLE.com/secret.html'],
  },
  {
    name: 'an empty robots.txt allows all',
    robots: [''],
    allowed: [`${E}/secret.html`, `${E}/test/index.html`, `${E}/test/`],
  },
  ...['constructor', '__proto__'].map((agent) => ({
    name: `an agent named like an object property (${agent})`,
    robots: ['User-agent: *', 'Disallow: /fish'],
    agent,
    disallowed: [`${E}/fish`],
  })),
  {
    name: 'a wildcard repeated 2,048 times',
    robots: ['User-agent: *', `Disallow: /${'*'.repeat(2048)}.html`],
    robotsUrl: 'http://www.eXample.com/robots.txt',
    allowed: [`${E}/${'sub'.repeat(2048)}folder/index.php`],
    disallowed: [`${E}/secret.html`],
  },
  {
    name: 'a port given',
    robots: ['User-agent: *', 'Disallow: /fish/', 'Disallow: /test.html'],
    robotsUrl: 'http://www.example.com:8080/robots.txt',
    allowed: ['http://www.example.com:8080/fish', 'http://www.example.com:8080/Test.html'],
    notJudged: [`${E}/fish`, `${E}/Test.html`, 'http://www.example.com:80/fish', 'http://www.example.com:80/Test.html'],
  },
  {
    name: 'port 80 by default for http',
    robots: ['User-agent: *', 'Disallow: /fish/', 'Disallow: /test.html'],
    allowed: ['http://www.example.com:80/fish', 'http://www.example.com:80/Test.html'],
    disallowed: ['http://www.example.com:80/fish/index.php', 'http://www.example.com:80/fish/', 'http://www.example.com:80/test.html'],
    notJudged: ['http://www.example.com:443/fish', 'http://www.example.com:443/Test.html'],
  },
  {
    name: 'port 443 by default for https',
    robots: ['User-agent: *', 'Disallow: /fish/', 'Disallow: /test.html'],
    robotsUrl: 'https://www.example.com/robots.txt',
    allowed: ['https://www.example.com:443/fish', 'https://www.example.com:443/Test.html', 'https://www.example.com/fish', 'https://www.example.com/Test.html'],
    notJudged: ['http://www.example.com:80/fish', 'http://www.example.com:443/fish/index.php', 'http://www.example.com:443/test.html'],
  },
];

const G = 'https://example.com';

// RFC 9309 §5.1 and §5.2, and the examples of Google's "How Google interprets the robots.txt
// specification" (developers.google.com/search/docs/crawling-indexing/robots/robots_txt), as data.
const publishedCases: Case[] = [
  ...[
    { agent: 'foobot', allowed: ['/example/page.html', '/example/allowed.gif'], disallowed: ['/', '/publications/', '/example/'] },
    { agent: 'barbot', allowed: ['/', '/example/other.html'], disallowed: ['/example/page.html'] },
    { agent: 'bazbot', allowed: ['/', '/example/other.html'], disallowed: ['/example/page.html'] },
    { agent: 'quxbot', allowed: ['/', '/example/', '/x.gif'] },
    { agent: 'otherbot', allowed: ['/', '/publications/', '/publications/a.html'], disallowed: ['/x.gif', '/example/', '/example/a.html'] },
  ].map(({ agent, allowed = [], disallowed = [] }) => ({
    name: `RFC 9309 §5.1, ${agent}`,
    differs: agent === 'quxbot' ? 'robots-parser makes no group of a user-agent line no rule follows' : undefined,
    robots: [
      'User-Agent: *',
      'Disallow: *.gif$',
      'Disallow: /example/',
      'Allow: /publications/',
      '',
      'User-Agent: foobot',
      'Disallow:/',
      'Allow:/example/page.html',
      'Allow:/example/allowed.gif',
      '',
      'User-Agent: barbot',
      'User-Agent: bazbot',
      'Disallow: /example/page.html',
      '',
      'User-Agent: quxbot',
      '',
      'EOF',
    ],
    robotsUrl: `${G}/robots.txt`,
    agent,
    allowed: allowed.map((path) => G + path),
    disallowed: disallowed.map((path) => G + path),
  })),
  {
    name: 'RFC 9309 §5.2, the longest match',
    robots: ['User-Agent: foobot', 'Allow: /example/page/', 'Disallow: /example/page/disallowed.gif'],
    agent: 'foobot',
    allowed: [`${E}/example/page/`, `${E}/example/page/a.gif`],
    disallowed: [`${E}/example/page/disallowed.gif`],
  },
  ...pathCases({
    '/': { matches: ['/', '/a', '/a/b.html'] },
    '/*': { matches: ['/', '/a', '/a/b.html'] },
    '/$': { matches: ['/'], misses: ['/a', '/page.htm'] },
    '/fish': {
      matches: ['/fish', '/fish.html', '/fish/salmon.html', '/fishheads', '/fishheads/yummy.html', '/fish.php?id=anything'],
      misses: ['/Fish.asp', '/catfish', '/?id=fish', '/desert/fish'],
    },
    '/fish*': {
      matches: ['/fish', '/fish.html', '/fish/salmon.html', '/fishheads', '/fishheads/yummy.html', '/fish.php?id=anything'],
      misses: ['/Fish.asp', '/catfish', '/?id=fish', '/desert/fish'],
    },
    '/fish/': { matches: ['/fish/', '/fish/?id=anything', '/fish/salmon.htm'], misses: ['/fish', '/fish.html', '/animals/fish/', '/Fish/Salmon.asp'] },
    '/*.php': {
      matches: ['/index.php', '/filename.php', '/folder/filename.php', '/folder/filename.php?parameters', '/folder/any.php.file.html', '/filename.php/'],
      misses: ['/', '/windows.PHP'],
    },
    '/*.php$': { matches: ['/filename.php', '/folder/filename.php'], misses: ['/filename.php?parameters', '/filename.php/', '/filename.php5', '/windows.PHP'] },
    '/fish*.php': { matches: ['/fish.php', '/fishheads/catfish.php?parameters'], misses: ['/Fish.PHP'] },
  }),
  ...[
    { robots: ['allow: /p', 'disallow: /'], allowed: ['/page'] },
    { robots: ['allow: /folder', 'disallow: /folder'], allowed: ['/folder/page'] },
    { robots: ['allow: /page', 'disallow: /*.htm'], disallowed: ['/page.htm'] },
    { robots: ['allow: /page', 'disallow: /*.ph'], allowed: ['/page.php'] },
    { robots: ['allow: /$', 'disallow: /'], allowed: ['/'], disallowed: ['/page.htm'] },
  ].map(({ robots, allowed = [], disallowed = [] }) => ({
    name: `Google, order of precedence: ${robots.join(', ')}`,
    robots: ['user-agent: *', ...robots],
    robotsUrl: `${G}/robots.txt`,
    allowed: allowed.map((path) => G + path),
    disallowed: disallowed.map((path) => G + path),
  })),
  ...[
    { agent: 'Googlebot-News', allowed: ['/web', '/star'], disallowed: ['/news'] },
    { agent: 'Googlebot', allowed: ['/news', '/star'], disallowed: ['/web'] },
    { agent: 'Otherbot', allowed: ['/news', '/web'], disallowed: ['/star'] },
  ].map(({ agent, allowed, disallowed }) => ({
    name: `Google, the group of the most specific agent: ${agent}`,
    robots: ['user-agent: googlebot-news', 'disallow: /news', 'user-agent: *', 'disallow: /star', 'user-agent: googlebot', 'disallow: /web'],
    robotsUrl: `${G}/robots.txt`,
    agent,
    allowed: allowed.map((path) => G + path),
    disallowed: disallowed.map((path) => G + path),
  })),
  {
    name: 'Google, the groups of one agent are merged',
    robots: ['user-agent: googlebot-news', 'disallow: /fish', 'user-agent: *', 'disallow: /carrots', 'user-agent: googlebot-news', 'disallow: /shrimp'],
    robotsUrl: `${G}/robots.txt`,
    agent: 'googlebot-news',
    allowed: [`${G}/carrots`],
    disallowed: [`${G}/fish`, `${G}/shrimp`],
  },
  {
    name: 'Googlebot by default, else *',
    robots: ['user-agent: *', 'disallow: /star', 'user-agent: Googlebot', 'disallow: /google'],
    allowed: [`${E}/star`],
    disallowed: [`${E}/google`],
  },
  {
    // RFC 9309 §2.2.2: characters outside ASCII and escapes are compared in one percent-encoded form.
    name: 'RFC 9309 §2.2.2, percent-encoding',
    robots: ['user-agent: *', 'disallow: /foo/bar?baz=quz', 'disallow: /snow/☃', 'disallow: /man/%E2%98%83', 'disallow: /hex/%3c'],
    allowed: [`${E}/foo/bar?baz=other`],
    disallowed: [`${E}/foo/bar?baz=quz`, `${E}/snow/%E2%98%83`, `${E}/snow/☃`, `${E}/man/☃`, `${E}/man/%e2%98%83`, `${E}/hex/%3C`, `${E}/hex/<`],
  },
  {
    // Two rows of the RFC's table that neither robots-parser nor Google's own parser follow: escapes of
    // unreserved characters are not decoded, nor reserved characters of a rule encoded.
    name: 'RFC 9309 §2.2.2 rows not followed, as Google does not',
    robots: ['user-agent: *', 'disallow: /foo/bar/%62%61%7A', 'disallow: /q?baz=https://foo.bar'],
    allowed: [`${E}/foo/bar/baz`, `${E}/q?baz=https%3A%2F%2Ffoo.bar`],
    disallowed: [`${E}/foo/bar/%62%61%7A`, `${E}/q?baz=https://foo.bar`],
  },
];

/** Google's table of path values: each pattern alone as a Disallow rule. */
function pathCases(table: Record<string, { matches: string[]; misses?: string[] }>): Case[] {
  return Object.entries(table).map(([pattern, { matches, misses = [] }]) => ({
    name: `Google, path value ${pattern}`,
    robots: ['user-agent: *', `disallow: ${pattern}`],
    robotsUrl: `${G}/robots.txt`,
    allowed: misses.map((path) => G + path),
    disallowed: matches.map((path) => G + path),
  }));
}

function rulesOf(text: string, robotsUrl: string, agent?: string): RobotsRules {
  const rules = parseRobotsTxt(text, robotsUrl, agent);
  if ('error' in rules) assert.fail(rules.error);
  return rules;
}

for (const c of [...robotsParserCases, ...publishedCases]) {
  test(`robots.txt: ${c.name}`, () => {
    const text = typeof c.robots === 'string' ? c.robots : c.robots.join('\n');
    const robotsUrl = c.robotsUrl ?? `${E}/robots.txt`;
    const rules = rulesOf(text, robotsUrl, c.agent);
    const direct = robotsParser(new URL(robotsUrl).href, text);
    for (const url of c.allowed ?? []) assert.equal(rules.disallows(url), null, `allowed: ${url}`);
    for (const url of c.disallowed ?? []) assert.match(rules.disallows(url) ?? 'null', /^disallow\s*:/i, `disallowed: ${url}`);
    for (const url of c.notJudged ?? []) assert.equal(rules.disallows(url), null, `not judged: ${url}`);
    for (const url of c.differs ? [] : [...(c.allowed ?? []), ...(c.disallowed ?? [])]) {
      assert.equal(rules.disallows(url) !== null, direct.isAllowed(url, rules.agent) === false, `the same as robots-parser: ${url}`);
    }
  });
}

test('robots.txt: the rule that decides, as written, comment left out (robots-parser line-number cases)', () => {
  const rules = [
    '',
    'User-agent: *',
    '',
    'Disallow: /fish/   # the fish',
    'Disallow: /test.html',
    'Allow: /fish/test.html',
    'Allow: /test.html',
    '',
    'User-agent: a',
    'allow: /',
    '',
    'User-agent: b',
    'disallow: /test',
    'disallow: /t*t',
    '',
    'User-agent: c',
    'Disallow: /fish*.php',
    'Allow: /fish/index.php',
  ].join('\n');
  const any = rulesOf(rules, E);
  assert.equal(any.disallows(`${E}/fish/index.php`), 'Disallow: /fish/');
  assert.equal(any.disallows(`${E}/fish/test.html`), null);
  assert.equal(rulesOf(rules, E, 'a').disallows(`${E}/test.html`), null);
  assert.equal(rulesOf(rules, E, 'b').disallows(`${E}/test.html`), 'disallow: /test', 'the longer of two matches; a tie goes to the first');
  assert.equal(rulesOf(rules, E, 'c').disallows(`${E}/fish.php`), 'Disallow: /fish*.php');
  assert.equal(rulesOf(rules, E, 'c').disallows(`${E}/fish/index.php`), null);
});

test('robots.txt: /robots.txt itself is always allowed (RFC 9309 §2.2.2), where robots-parser would judge it', () => {
  const text = 'User-agent: *\nDisallow: /';
  const rules = rulesOf(text, `${E}/robots.txt`);
  assert.equal(rules.disallows(`${E}/robots.txt`), null);
  assert.equal(robotsParser(`${E}/robots.txt`, text).isAllowed(`${E}/robots.txt`, 'Googlebot'), false);
  assert.equal(rules.disallows(`${E}/robots.txt?x=1`), null);
  assert.equal(rules.disallows(`${E}/robots.txt.bak`), 'Disallow: /');
  assert.equal(rules.disallows(`${E}/a/robots.txt`), 'Disallow: /');
});

test('robots.txt: another origin is not judged, and the rules say which origin they apply to', () => {
  const rules = rulesOf('User-agent: *\nDisallow: /', 'https://www.example.com/some/page');
  assert.equal(rules.origin, 'https://www.example.com');
  assert.equal(rules.disallows('https://www.example.com/a'), 'Disallow: /');
  for (const other of ['http://www.example.com/a', 'https://example.com/a', 'https://www.example.com:8443/a', 'https://cdn.example.com/a', 'mailto:a@www.example.com', 'not a url']) {
    assert.equal(rules.disallows(other), null, other);
  }
});

test('robots.txt: an HTML page is refused with one message', () => {
  const pages = [
    '<!DOCTYPE html>\n<html><head><title>Not found</title></head><body>User-agent: *</body></html>',
    '\uFEFF  <!doctype html><title>x</title>',
    '<html lang="en"><body>Disallow: /</body></html>',
    '<head><meta charset="utf-8"><title>Shop</title></head><body><div class="x"><p>Welcome</p></div></body>',
  ];
  for (const page of pages) {
    const result = parseRobotsTxt(page, 'https://www.example.com/');
    assert.ok('error' in result, page);
    assert.equal(result.error, 'The robots.txt for https://www.example.com is an HTML page, not a robots.txt: check that https://www.example.com/robots.txt answers with the robots.txt itself.');
  }
  const withSomeMarkup = '# <b>Our</b> rules, see <a href="/x">x</a> <i>and</i> <u>y</u> <em>z</em>\nUser-agent: *\nDisallow: /private';
  assert.equal(rulesOf(withSomeMarkup, E).disallows(`${E}/private`), 'Disallow: /private');
  assert.equal(rulesOf('# nothing here yet', E).disallows(`${E}/a`), null);
});

test('robots.txt: an agent named by a user-agent line that no rule follows has an empty group, not *', () => {
  const text = 'User-agent: *\nDisallow: /\n\nUser-agent: Googlebot/2.1\n';
  assert.equal(rulesOf(text, E).disallows(`${E}/a`), null);
  assert.equal(robotsParser(`${E}/robots.txt`, text).isAllowed(`${E}/a`, 'Googlebot'), false, 'robots-parser falls back to *');
  assert.equal(rulesOf(text, E, 'Otherbot').disallows(`${E}/a`), 'Disallow: /');
  const withinText = 'User-agent: Googlebot\nUser-agent: *\nDisallow: /x\n\nUser-agent: googlebot\r';
  assert.equal(rulesOf(withinText, E).disallows(`${E}/x`), 'Disallow: /x', 'its other groups still count');
});

test('robots.txt: a BOM is read as nothing', () => {
  const rules = rulesOf('\uFEFFUser-agent: Googlebot\r\nDisallow: /a\r\n', E);
  assert.equal(rules.disallows(`${E}/a`), 'Disallow: /a');
});

test('robots.txt: a bad robots.txt URL or agent is refused', () => {
  for (const [url, agent] of [
    ['/robots.txt', 'Googlebot'],
    ['https://ex ample.com/robots.txt', 'Googlebot'],
    ['ftp://example.com/robots.txt', 'Googlebot'],
    [E, 'Googlebot/2.1'],
    [E, ''],
  ]) {
    const result = parseRobotsTxt('User-agent: *\nDisallow: /', url, agent);
    assert.ok('error' in result, `${url} ${agent}`);
  }
});

test('robots.txt: only the first 500 KiB are read, cut at a line break, and it says so', () => {
  const head = 'User-agent: *\nDisallow: /early\n';
  const filler = `# ${'é'.repeat(100)}\n`.repeat(2000); // two bytes of UTF-8 per é
  const padding = '#'.repeat(ROBOTS_TXT_MAX_BYTES - new TextEncoder().encode(head + filler).length - 1) + '\n';
  // The limit falls right after `/la`: cut there, the rule would disallow /late and all of /la….
  const text = `${head}${filler}${padding.slice('Disallow: /la'.length)}Disallow: /lax\nDisallow: /after\n`;
  const rules = rulesOf(text, E);
  assert.match(rules.notice ?? '', /500 KiB/);
  assert.equal(rules.disallows(`${E}/early`), 'Disallow: /early');
  assert.equal(rules.disallows(`${E}/late`), null);
  assert.equal(rules.disallows(`${E}/after`), null);
  assert.equal(rulesOf(head, E).notice, null);
});

test('robots.txt: a pathological pattern is matched without backtracking', () => {
  // 30 wildcards against a 5,000-character path that almost matches: a backtracking matcher would try
  // about C(5000, 30) ≈ 10^80 splits and never finish; robots-parser's dynamic programme needs at most
  // pattern × path ≈ 62 × 5,001 steps. That this test ends at all is the assertion on work.
  const pattern = `/${'*a'.repeat(30)}b`;
  const rules = rulesOf(`User-agent: *\nDisallow: ${pattern}`, E);
  assert.equal(rules.disallows(`${E}/${'a'.repeat(5000)}`), null);
  assert.equal(rules.disallows(`${E}/${'a'.repeat(5000)}b`), `Disallow: ${pattern}`);
});
