import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { buildOpenApiDocument } from '../../src/core/openapi';
import { endpoints } from '../../src/endpoints';

/**
 * The photos and clips request rules the OpenAPI document publishes are the ones the server
 * applies, for the fields it reads through a change (a username's @ and case, a hashtag's #, a
 * count sent as a string, the id in a video's or sound's URL) or with a rule tighter than the shared one (the photo search's 100
 * characters): every probe below is accepted by both or refused by both. (Surrounding spaces
 * are left out: the server trims them, which a schema cannot say.)
 */

type Json = Record<string, any>;

const long = (length: number) => 'a'.repeat(length);

const PROBES: Record<string, unknown[]> = {
  query: ['coffee', long(100), long(101), long(700), long(701), ''],
  keywords: ['pup', long(700), long(701), ''],
  username: ['northern.trails', '@Northern.Trails', 'x', 'X_1', '.a', 'a.', 'a..b', '@.a', '@', '@@a', long(30), long(31), `@${long(30)}`, 'ab-c', 'ünï', '', 5],
  hashtag: ['travel', '#Travel', 'café', '東京', '##travel', 'a b', 'a-b', long(100), long(101), `#${long(100)}`, '#', ''],
  challenge_name: ['puppy', '#Puppy', 'café', '##puppy', 'a b', long(100), long(101), '#', ''],
  unique_id: ['waffles.pup', '@Waffles.Pup', 'a', '@a', '@ab', long(24), long(25), `@${long(24)}`, 'a-b', '@@ab', ''],
  count: [20, '20', '007', '050', 0, '0', 1, '1', 50, '50', 51, '51', '999', '1000', 1.5, '1.5', -1, '-1', 'abc', '', null, true],
  url: [
    'https://www.clips.com/@waffles.pup/video/7709547295108311040', 'HTTPS://WWW.Clips.COM/@Waffles.Pup/VIDEO/7709547295108311040/?lang=en#top',
    'clips.com/@waffles.pup/photo/7698410560873900054', 'http://m.clips.com/@a/video/12345/', 'https://www.clips.com/music/original-sound-6388568234219536683',
    'www.clips.com/MUSIC/6388568234219536683?x=1', 'https://www.clips.com/music/a/b-6388568234219536683', 'https://www.clips.com/@waffles.pup/video/1234',
    'https://www.clips.com/@waffles-pup/video/7709547295108311040', 'https://clips.com.evil.example/@a/video/12345', 'ftp://www.clips.com/@a/video/12345',
    'https://www.clips.com/@waffles.pup', `https://www.clips.com/@a/video/12345?${long(2048)}`, 'not a url', '', 5,
  ],
};

test('the photos and clips fields accept, in the published document, exactly what the server accepts', () => {
  const document = buildOpenApiDocument(endpoints, { serverUrl: 'http://localhost' }) as Json;
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  const probed = new Set<string>();
  for (const endpoint of endpoints.filter((candidate) => /^(photos|clips)\./.test(candidate.id))) {
    const schema = document.paths[endpoint.path].post.requestBody.content['application/json'].schema as Json;
    const validate = ajv.compile({ ...schema, components: document.components });
    for (const [field, probes] of Object.entries(PROBES)) {
      if (!(field in (schema.properties ?? {}))) continue;
      probed.add(field);
      for (const probe of probes) {
        const request = { ...(endpoint.examples.request as Json), [field]: probe };
        const server = endpoint.input.safeParse(request).success;
        assert.equal(validate(request), server, `${endpoint.id}: ${field} ${JSON.stringify(probe)} is ${server ? 'accepted' : 'refused'} by the server, not by the document`);
      }
    }
  }
  assert.deepEqual([...probed].sort(), Object.keys(PROBES).sort(), 'every probed field is in some photos or clips request');
});
