import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isDisposableDomain, isPublishingPlatform, isWebmailDomain, registrableDomain } from '../../src/contacts/domain-lists';
import { companyDomainOfPage } from '../../src/endpoints/email/page-domain';
import { mailServiceOf } from '../../src/contacts/mail-hosts';
import { nameLabel } from '../../src/contacts/verification';
import { WEBMAIL_DOMAINS } from '../../src/contacts/webmail-domains';

describe('disposable and webmail domains', () => {
  test('disposable: listed domains and their subdomains, any case; not a name that merely ends the same', () => {
    assert.equal(isDisposableDomain('mailinator.com'), true);
    assert.equal(isDisposableDomain('MAILINATOR.COM'), true);
    assert.equal(isDisposableDomain('inbox.mailinator.com'), true);
    assert.equal(isDisposableDomain('acme-mailinator.com'), false);
    assert.equal(isDisposableDomain('gmail.com'), false);
    assert.equal(isDisposableDomain('acme-widgets.example'), false);
  });

  test('webmail: the large providers and their country domains, and subdomains; company domains are not', () => {
    for (const domain of ['gmail.com', 'googlemail.com', 'outlook.com', 'hotmail.co.uk', 'yahoo.co.jp', 'icloud.com', 'proton.me', 'gmx.de', 'web.de', 'mail.ru', 'qq.com', 'naver.com', 'uol.com.br']) {
      assert.equal(isWebmailDomain(domain), true, domain);
    }
    assert.equal(isWebmailDomain('eu.mail.gmail.com'), true);
    for (const domain of ['google.com', 'microsoft.com', 'acme-widgets.example', 'notgmail.com', 'com']) assert.equal(isWebmailDomain(domain), false, domain);
  });

  test('the shipped webmail list is clean: lower-case domains, no duplicates, none on the disposable list', () => {
    assert.equal(new Set(WEBMAIL_DOMAINS).size, WEBMAIL_DOMAINS.length);
    for (const domain of WEBMAIL_DOMAINS) {
      assert.match(domain, /^[a-z0-9-]+(\.[a-z0-9-]+)+$/, domain);
      assert.equal(isDisposableDomain(domain), false, `${domain} is on both lists`);
    }
  });
});

describe('publishing platforms (whose authors are not their staff)', () => {
  test('the platforms and their users\' subdomains; not a company whose name merely ends the same', () => {
    for (const domain of ['medium.com', 'janedoe.substack.com', 'someone.wordpress.com', 'x.blogspot.com', 'a.tumblr.com', 'b.ghost.io', 'dev.to', 'someone.github.io', 'uk.prof.com', 'www.linkedin.com', 'news.google.com']) {
      assert.equal(isPublishingPlatform(domain), true, domain);
    }
    for (const domain of ['acme-widgets.com', 'notmedium.com', 'google.com', 'blog.acme.co.uk']) assert.equal(isPublishingPlatform(domain), false, domain);
  });

  test("a page's company domain: none on a platform, a webmail domain or an address; else the registrable domain", () => {
    assert.equal(companyDomainOfPage('http://medium.com/@edraftford/a-post'), null);
    assert.equal(companyDomainOfPage('https://janedoe.substack.com/p/hello'), null);
    assert.equal(companyDomainOfPage('https://mail.google.com/x'), 'google.com');
    assert.equal(companyDomainOfPage('https://sites.gmail.com/x'), null);
    assert.equal(companyDomainOfPage('http://192.0.2.1/post'), null);
    assert.equal(companyDomainOfPage('https://blog.acme-widgets.co.uk/2026/post'), 'acme-widgets.co.uk');
  });
});

describe('mail services by MX host', () => {
  test('well-known services are named from their MX hosts; others are null', () => {
    assert.equal(mailServiceOf(['aspmx.l.google.com', 'alt1.aspmx.l.google.com'], 'acme.example'), 'Google Workspace');
    assert.equal(mailServiceOf(['gmail-smtp-in.l.google.com.'], 'acme.example'), 'Google Workspace');
    assert.equal(mailServiceOf(['acme-com.mail.protection.outlook.com'], 'acme.example'), 'Microsoft 365');
    assert.equal(mailServiceOf(['mx1.mail.icloud.com'], 'acme.example'), 'iCloud Mail');
    assert.equal(mailServiceOf(['mx01.mail.acme.example', 'mx1.zoho.eu'], 'acme.example'), 'Zoho Mail', 'the first host a service is known for');
    assert.equal(mailServiceOf(['mail.acme.example'], 'acme.example'), null);
    assert.equal(mailServiceOf(['notgoogle.com'], 'acme.example'), null);
    assert.equal(mailServiceOf([], 'acme.example'), null);
  });

  test("a webmail domain's mail is the personal service, a company's on the same servers the business one", () => {
    assert.equal(mailServiceOf(['gmail-smtp-in.l.google.com'], 'gmail.com'), 'Gmail');
    assert.equal(mailServiceOf(['gmail-smtp-in.l.google.com'], 'googlemail.com'), 'Gmail');
    assert.equal(mailServiceOf(['hotmail-com.olc.protection.outlook.com'], 'hotmail.com'), 'Outlook.com');
    assert.equal(mailServiceOf(['outlook-com.olc.protection.outlook.com'], 'outlook.com'), 'Outlook.com');
    assert.equal(mailServiceOf(['mta5.am0.yahoodns.net'], 'yahoo.com'), 'Yahoo Mail');
    assert.equal(mailServiceOf(['mx01.mail.icloud.com'], 'icloud.com'), 'iCloud Mail');
    assert.equal(mailServiceOf(['aspmx.l.google.com'], 'acme-widgets.com'), 'Google Workspace');
    assert.equal(mailServiceOf(['acme-com.mail.protection.outlook.com'], 'acme.com'), 'Microsoft 365');
  });
});

describe("a domain's name label (what gibberish is judged on)", () => {
  test('the label its owner chose, under country second levels too', () => {
    assert.equal(nameLabel('acme.com'), 'acme');
    assert.equal(nameLabel('mail.acme.com'), 'acme');
    assert.equal(nameLabel('acme.co.uk'), 'acme');
    assert.equal(nameLabel('shop.acme.com.br'), 'acme');
    assert.equal(nameLabel('co.uk'), 'co');
    assert.equal(nameLabel('localhost'), 'localhost');
  });
});

describe('the registrable domain (what a company mails from, what a registry registered)', () => {
  test('a subdomain reduces to the name registered, under country second levels too; a registered name is itself', () => {
    assert.equal(registrableDomain('acme.com'), 'acme.com');
    assert.equal(registrableDomain('www.acme.com'), 'acme.com');
    assert.equal(registrableDomain('a.b.c.acme.com.'), 'acme.com');
    assert.equal(registrableDomain('news.acme.co.uk'), 'acme.co.uk');
    assert.equal(registrableDomain('acme.co.uk'), 'acme.co.uk');
    assert.equal(registrableDomain('www.acme.de'), 'acme.de');
    assert.equal(registrableDomain('co.uk'), 'co.uk');
    assert.equal(registrableDomain('localhost'), 'localhost');
  });
});
