import { Redis } from 'ioredis';
import { answerInTime, REDIS_COMMAND_BACKSTOP_MS } from '../store/redis-timeouts';

/**
 * Failed dashboard log-ins, counted two ways: per (account, client address) pair — a guesser at one
 * address gets a few tries at an account, and the account's owner elsewhere is not locked out by
 * them — and per account, with a much higher limit, against guessing spread over many addresses.
 * A successful log-in clears its pair's count and takes its own attempt back from the account's.
 *
 * An attempt is counted before the password is checked (and taken back when it was right), so
 * guesses sent at once cannot all pass a check made before any of them failed. Each count lasts
 * its window from the pair's (the account's) first failure.
 */
export interface FailedLogIns {
  /** Counts an attempt, unless the pair or the account is at its limit: then how long to wait. */
  attempt(account: string, address: string): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }>;
  /** The attempt succeeded: the pair starts over, and the account's count forgets this attempt. */
  succeeded(account: string, address: string): Promise<void>;
  close(): Promise<void>;
}

export interface FailedLogInLimits {
  perPair: number;
  perAccount: number;
  windowMs: number;
}

const pairKey = (account: string, address: string) => `pair:${account}|${address}`;
const accountKey = (account: string) => `account:${account}`;

/** Check both counts and, when both are under their limits, add the attempt to each, in one step. */
const ATTEMPT_SCRIPT = `
local pair = tonumber(redis.call('GET', KEYS[1]) or '0')
local account = tonumber(redis.call('GET', KEYS[2]) or '0')
local window = tonumber(ARGV[3])
local wait = 0
if pair >= tonumber(ARGV[1]) then wait = math.max(wait, redis.call('PTTL', KEYS[1])) end
if account >= tonumber(ARGV[2]) then wait = math.max(wait, redis.call('PTTL', KEYS[2])) end
if pair >= tonumber(ARGV[1]) or account >= tonumber(ARGV[2]) then return { 0, math.max(wait, 1) } end
for _, key in ipairs(KEYS) do
  if redis.call('INCR', key) == 1 then redis.call('PEXPIRE', key, window) end
end
return { 1, 0 }
`;

const SUCCEEDED_SCRIPT = `
redis.call('DEL', KEYS[1])
if tonumber(redis.call('GET', KEYS[2]) or '0') > 0 then redis.call('DECR', KEYS[2]) end
return 1
`;

/** Shared by every instance through Redis; the account in a key is the caller's digest of the address. */
export function redisFailedLogIns(redisUrl: string, limits: FailedLogInLimits, namespace: string): FailedLogIns {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, commandTimeout: REDIS_COMMAND_BACKSTOP_MS });
  redis.on('error', () => undefined);
  redis.defineCommand('tollgateLogInAttempt', { numberOfKeys: 2, lua: ATTEMPT_SCRIPT });
  redis.defineCommand('tollgateLogInSucceeded', { numberOfKeys: 2, lua: SUCCEEDED_SCRIPT });
  const keys = (account: string, address: string) => [`${namespace}${pairKey(account, address)}`, `${namespace}${accountKey(account)}`];
  const commands = redis as unknown as {
    tollgateLogInAttempt(pair: string, account: string, perPair: number, perAccount: number, windowMs: number): Promise<[number, number]>;
    tollgateLogInSucceeded(pair: string, account: string): Promise<number>;
  };
  return {
    async attempt(account, address) {
      const [pair, whole] = keys(account, address);
      const [allowed, waitMs] = await answerInTime(commands.tollgateLogInAttempt(pair!, whole!, limits.perPair, limits.perAccount, limits.windowMs));
      return allowed === 1 ? { allowed: true } : { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(Number(waitMs) / 1000)) };
    },
    async succeeded(account, address) {
      const [pair, whole] = keys(account, address);
      await answerInTime(commands.tollgateLogInSucceeded(pair!, whole!));
    },
    async close() {
      if (redis.status !== 'ready') return void redis.disconnect();
      await answerInTime(redis.quit()).catch(() => redis.disconnect());
    },
  };
}

/** The embedded default: one process; counts whose window has passed are dropped when next read, and swept once a window. */
export function memoryFailedLogIns(limits: FailedLogInLimits, clock: () => number): FailedLogIns {
  const counts = new Map<string, { count: number; endsAt: number }>();
  const current = (key: string) => {
    const entry = counts.get(key);
    if (entry && entry.endsAt <= clock()) counts.delete(key);
    return counts.get(key);
  };
  const sweeper = setInterval(() => {
    for (const key of counts.keys()) current(key);
  }, limits.windowMs).unref();
  return {
    async attempt(account, address) {
      const pair = current(pairKey(account, address));
      const whole = current(accountKey(account));
      const blocked = [pair && pair.count >= limits.perPair ? pair : undefined, whole && whole.count >= limits.perAccount ? whole : undefined].filter((entry) => entry !== undefined);
      if (blocked.length > 0) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((Math.max(...blocked.map((entry) => entry.endsAt)) - clock()) / 1000)) };
      for (const key of [pairKey(account, address), accountKey(account)]) {
        const entry = current(key);
        if (entry) entry.count += 1;
        else counts.set(key, { count: 1, endsAt: clock() + limits.windowMs });
      }
      return { allowed: true };
    },
    async succeeded(account, address) {
      counts.delete(pairKey(account, address));
      const whole = current(accountKey(account));
      if (whole && whole.count > 0) whole.count -= 1;
    },
    async close() {
      clearInterval(sweeper);
    },
  };
}
