import assert from 'node:assert/strict';
import { GOOD_PASSWORD, PageClient, uniqueEmail } from './page-client';

/**
 * Signs an address up through the form and logs in with it: a sign-up answers the same whether
 * the address is new or not (no session), so the new account logs in like any other. The session
 * cookie is in the returned client's jar.
 */
export async function signUpAndLogIn(baseUrl: string, email = uniqueEmail(), password = GOOD_PASSWORD): Promise<PageClient> {
  const client = new PageClient(baseUrl);
  await client.get('/dashboard/signup');
  const signedUp = await client.post('/dashboard/signup', { email, password });
  assert.equal(signedUp.status, 303, signedUp.text);
  assert.equal(signedUp.headers.get('location'), '/dashboard/login?done=signup');
  const loggedIn = await client.post('/dashboard/login', { email, password });
  assert.equal(loggedIn.status, 303, loggedIn.text);
  return client;
}

/**
 * The captured mails matching `wanted`, once there are `count`: a reset request is answered before
 * its mail is made and sent.
 */
export async function mailsSent<T>(sent: readonly T[], wanted: (mail: T) => boolean, count = 1): Promise<T[]> {
  for (let round = 0; round < 400; round += 1) {
    const mails = sent.filter(wanted);
    if (mails.length >= count) return mails;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return assert.fail(`${count} mail(s) expected, ${sent.filter(wanted).length} came`);
}
