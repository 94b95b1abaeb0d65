import { test } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalEmail, isDisposable, normalisedMailbox } from '../../src/dashboard/mailbox';
import { hashPassword, passwordProblem, verifyPassword } from '../../src/dashboard/passwords';
import { escapeHtml, html, raw } from '../../src/dashboard/html';

test('one mailbox, one normalised address: case; dots and +tags where the provider ignores them', () => {
  const cases: Array<[string, string]> = [
    ['Jane.Doe+news@Gmail.com', 'janedoe@gmail.com'],
    ['j.a.n.e.doe@googlemail.com', 'janedoe@gmail.com'],
    ['jane.doe+x@outlook.com', 'jane.doe@outlook.com'],
    ['jane.doe+x@hotmail.com', 'jane.doe@outlook.com'],
    ['jane+x@icloud.com', 'jane@icloud.com'],
    // Elsewhere a dot or a plus may be a different mailbox: kept.
    ['jane.doe+x@example.com', 'jane.doe+x@example.com'],
    ['Jane.Doe@Example.COM', 'jane.doe@example.com'],
  ];
  for (const [typed, mailbox] of cases) assert.equal(normalisedMailbox(canonicalEmail(typed)!), mailbox, typed);
});

test('addresses that are not addresses are refused', () => {
  for (const bad of ['', 'jane', 'jane@', '@example.com', 'jane@example', 'ja ne@example.com', '<x>@example.com', `${'a'.repeat(65)}@example.com`]) {
    assert.equal(canonicalEmail(bad), undefined, bad);
  }
  assert.equal(canonicalEmail('  Jane@Example.com '), 'jane@example.com');
});

test('throw-away domains are recognised, subdomains included, and only them', () => {
  assert.equal(isDisposable('x@mailinator.com'), true);
  assert.equal(isDisposable('x@eu.mailinator.com'), true);
  assert.equal(isDisposable('x@notmailinator.com'), false);
  assert.equal(isDisposable('x@gmail.com'), false);
});

test('passwords: a minimum length, the common ones, repetitions and the address refused', () => {
  assert.match(passwordProblem('short', 'a@example.com')!, /12/);
  assert.match(passwordProblem('PasswordPassword', 'a@example.com')!, /common/);
  assert.match(passwordProblem('abcabcabcabc', 'a@example.com')!, /common/);
  assert.match(passwordProblem('johnsmith-is-me', 'johnsmith@example.com')!, /e-mail/);
  assert.equal(passwordProblem('plum tiger accordion 42', 'a@example.com'), undefined);
});

test('scrypt hashes: salted, verified, wrong passwords refused, parameters stored with the hash', async () => {
  const first = await hashPassword('plum tiger accordion 42');
  const second = await hashPassword('plum tiger accordion 42');
  assert.notEqual(first, second);
  assert.match(first, /^scrypt\$32768\$8\$1\$/);
  assert.equal(await verifyPassword('plum tiger accordion 42', first), true);
  assert.equal(await verifyPassword('plum tiger accordion 43', first), false);
  assert.equal(await verifyPassword('anything', 'not a hash'), false);
});

test('the page template escapes every value; only markup it made passes through', () => {
  const name = `<script>alert("x")</script>&'`;
  assert.equal(html`<td>${name}</td>`.text, '<td>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;</td>');
  assert.equal(html`<p title="${name}">${[name, 1]}</p>`.text.includes('<script>'), false);
  assert.equal(html`<div>${html`<b>${name}</b>`}</div>`.text, `<div><b>${escapeHtml(name)}</b></div>`);
  assert.equal(html`${raw('<hr>')}`.text, '<hr>');
  assert.equal(html`${undefined}${null}${false}`.text, '');
});
