import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../../src/config';

test('no retail or photos vendor without credentials: the sandbox serves them', () => {
  assert.equal(loadConfig({}).vendors.retail, undefined);
  assert.equal(loadConfig({}).vendors.photos, undefined);
  assert.equal(loadConfig({ OPENWEBNINJA_API_KEY: '', RAPIDAPI_KEY: '' }).vendors.retail, undefined, 'empty means unset');
});

test('retail directly: OPENWEBNINJA_API_KEY as x-api-key on the vendor host unless OPENWEBNINJA_BASE_URL says otherwise', () => {
  assert.deepEqual(loadConfig({ OPENWEBNINJA_API_KEY: 'own-key' }).vendors.retail, {
    channel: 'direct',
    baseUrl: 'https://api.openwebninja.com/realtime-amazon-data',
    headers: { 'x-api-key': 'own-key' },
  });
  assert.equal(loadConfig({ OPENWEBNINJA_API_KEY: 'own-key', OPENWEBNINJA_BASE_URL: 'http://127.0.0.1:9/rt/' }).vendors.retail?.baseUrl, 'http://127.0.0.1:9/rt');
});

test('retail through RapidAPI: RAPIDAPI_KEY with RAPIDAPI_RETAIL_HOST; the direct key wins when both are set', () => {
  assert.deepEqual(loadConfig({ RAPIDAPI_KEY: 'rk', RAPIDAPI_RETAIL_HOST: 'real-time-amazon-data.p.rapidapi.com' }).vendors.retail, {
    channel: 'rapidapi',
    baseUrl: 'https://real-time-amazon-data.p.rapidapi.com',
    headers: { 'x-rapidapi-key': 'rk', 'x-rapidapi-host': 'real-time-amazon-data.p.rapidapi.com' },
  });
  assert.equal(loadConfig({ RAPIDAPI_KEY: 'rk' }).vendors.retail, undefined, 'a RapidAPI key alone is for photos, not retail');
  assert.equal(loadConfig({ RAPIDAPI_KEY: 'rk', RAPIDAPI_RETAIL_HOST: 'h.example', OPENWEBNINJA_API_KEY: 'own' }).vendors.retail?.channel, 'direct');
  assert.throws(() => loadConfig({ RAPIDAPI_RETAIL_HOST: 'h.example' }), /Invalid configuration:\n {2}RAPIDAPI_KEY: required with RAPIDAPI_RETAIL_HOST/);
  assert.throws(() => loadConfig({ RAPIDAPI_KEY: 'rk', RAPIDAPI_RETAIL_HOST: 'https://h.example/' }), /RAPIDAPI_RETAIL_HOST: a host name/);
});

test('photos: RAPIDAPI_KEY on the default host, or RAPIDAPI_PHOTOS_HOST, at https://<host> unless RAPIDAPI_PHOTOS_BASE_URL says otherwise', () => {
  assert.deepEqual(loadConfig({ RAPIDAPI_KEY: 'rk' }).vendors.photos, { apiKey: 'rk', host: 'instagram-scraper-api2.p.rapidapi.com', baseUrl: 'https://instagram-scraper-api2.p.rapidapi.com' });
  assert.deepEqual(loadConfig({ RAPIDAPI_KEY: 'rk', RAPIDAPI_PHOTOS_HOST: 'social-api4.p.rapidapi.com' }).vendors.photos, { apiKey: 'rk', host: 'social-api4.p.rapidapi.com', baseUrl: 'https://social-api4.p.rapidapi.com' });
  assert.equal(loadConfig({ RAPIDAPI_KEY: 'rk', RAPIDAPI_PHOTOS_BASE_URL: 'http://127.0.0.1:9/' }).vendors.photos?.baseUrl, 'http://127.0.0.1:9');
});

test('clips: RAPIDAPI_KEY on tiktok-scraper7 unless RAPIDAPI_CLIPS_HOST says otherwise, at https://<host> unless RAPIDAPI_CLIPS_BASE_URL does', () => {
  assert.equal(loadConfig({}).vendors.clips, undefined);
  assert.deepEqual(loadConfig({ RAPIDAPI_KEY: 'rk' }).vendors.clips, { apiKey: 'rk', host: 'tiktok-scraper7.p.rapidapi.com', baseUrl: 'https://tiktok-scraper7.p.rapidapi.com' });
  assert.equal(loadConfig({ RAPIDAPI_KEY: 'rk', RAPIDAPI_CLIPS_BASE_URL: 'http://127.0.0.1:9/' }).vendors.clips?.baseUrl, 'http://127.0.0.1:9');
  assert.throws(() => loadConfig({ RAPIDAPI_KEY: 'rk', RAPIDAPI_CLIPS_HOST: 'not a host' }), /RAPIDAPI_CLIPS_HOST: a host name/);
});

test('video: RAPIDAPI_KEY on yt-api unless RAPIDAPI_VIDEO_HOST says otherwise, at https://<host> unless RAPIDAPI_VIDEO_BASE_URL does', () => {
  assert.equal(loadConfig({}).vendors.video, undefined);
  assert.deepEqual(loadConfig({ RAPIDAPI_KEY: 'rk' }).vendors.video, { apiKey: 'rk', host: 'yt-api.p.rapidapi.com', baseUrl: 'https://yt-api.p.rapidapi.com' });
  assert.equal(loadConfig({ RAPIDAPI_KEY: 'rk', RAPIDAPI_VIDEO_BASE_URL: 'http://127.0.0.1:9/' }).vendors.video?.baseUrl, 'http://127.0.0.1:9');
  assert.throws(() => loadConfig({ RAPIDAPI_KEY: 'rk', RAPIDAPI_VIDEO_HOST: 'not a host' }), /RAPIDAPI_VIDEO_HOST: a host name/);
});
