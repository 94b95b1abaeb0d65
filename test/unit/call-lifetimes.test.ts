import { afterEach, describe, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import Fastify from 'fastify';
import { CallScope, Deadlines } from '../../src/core/call-scope';
import { InFlightCalls } from '../../src/lifecycle/in-flight-calls';

/** A response that has not finished: what a call in flight holds. */
const response = () => Object.assign(new EventEmitter(), { writableFinished: false }) as unknown as ServerResponse;

describe('Deadlines: the calls running, oldest first', () => {
  afterEach(() => mock.timers.reset());

  test('each call ends at its own deadline, in the order they started; a call answered first never does', () => {
    mock.timers.enable({ apis: ['setInterval', 'Date'], now: 0 });
    const deadlines = new Deadlines(100);
    const first = new CallScope(response(), deadlines);
    mock.timers.tick(30);
    const answered = new CallScope(response(), deadlines);
    mock.timers.tick(30);
    const last = new CallScope(response(), deadlines);
    answered.endDeadline();
    answered.endDeadline(); // twice: harmless

    mock.timers.tick(50); // t = 110
    assert.equal(first.cause, 'deadline');
    assert.equal(last.cause, undefined);
    mock.timers.tick(60); // t = 170
    assert.equal(last.cause, 'deadline');
    assert.equal(answered.cause, undefined);
    deadlines.close();
  });

  test('the list empties and fills again: a call ended by its client leaves it, the next one is still watched', () => {
    mock.timers.enable({ apis: ['setInterval', 'Date'], now: 0 });
    const deadlines = new Deadlines(100);
    const gone = new CallScope(response(), deadlines);
    gone.abort('client');
    const next = new CallScope(response(), deadlines);
    mock.timers.tick(120);
    assert.equal(gone.cause, 'client');
    assert.equal(next.cause, 'deadline');
    deadlines.close();
  });
});

describe('InFlightCalls', () => {
  test('counts the handlers still running and resolves idle() when the last one ends', async () => {
    const server = Fastify();
    const calls = new InFlightCalls();
    calls.install(server);
    const release: Array<() => void> = [];
    server.get('/slow', () => new Promise<string>((resolve) => release.push(() => resolve('done'))));
    await server.ready();
    const answers = [server.inject('/slow'), server.inject('/slow')];
    while (release.length < 2) await new Promise((resolve) => setImmediate(resolve));
    assert.equal(calls.size, 2);
    let idle = false;
    const waiting = calls.idle().then(() => (idle = true));
    release[0]!();
    await answers[0];
    assert.equal(calls.size, 1);
    assert.equal(idle, false);
    release[1]!();
    await Promise.all([...answers, waiting]);
    assert.equal(calls.size, 0);
    assert.equal(idle, true);
    await server.close();
  });
});
