import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig, type Config } from '../config';
import { microsToUsd, parseUsd } from '../core/money';
import { ApiKeys, KeyNotFoundError } from '../auth/api-keys';
import { announceKeyChange } from '../auth/revocations';
import { AccountNotFoundError, DuplicateEmailError, Ledger, MAX_BALANCE_MICROS } from '../ledger/ledger';
import { appliedMigrations, openStore, type Store } from '../store/database';
import { isDatabaseUnreachable } from '../store/unreachable';
import { listAccounts, MAX_PAGE, showAccount } from './accounts';
import { WebhookSecrets } from '../jobs/webhooks/secrets';
import { InvalidKeyLimit, limitableAreas, NO_KEY_LIMITS, parseSpendCap, type KeyLimits } from '../auth/key-limits';
import { updateKeyLimits } from '../auth/key-limit-updates';
import { AccountHistory } from '../ledger/history';
import { MAX_SUSPENSION_REASON, suspensionReason, writeSuspension } from '../dashboard/suspension';
import { tollgateVersion } from '../lifecycle/version';
import { portInUse } from '../lifecycle/port-in-use';

const USAGE = (areas: readonly string[]) => `Usage: tollgate <command>

  accounts create --email EMAIL [--credit USD]   create an account (default credit: the signup credit)
  accounts show --account ACCOUNT_ID             an account: balance, keys (never the keys themselves), created, suspension
  accounts list [--limit N] [--offset N]         accounts, newest first (default 50 at a time, at most ${MAX_PAGE})
  accounts suspend --account ACCOUNT_ID [--reason TEXT]
                                                 suspend an account: its keys are refused everywhere within 1 s
  accounts unsuspend --account ACCOUNT_ID        lift the suspension
  keys create --account ACCOUNT_ID [LIMITS]      issue an API key (shown once)
  keys update KEY_ID LIMITS                      change a key's limits (applied everywhere within 1 s)
  keys revoke KEY_ID                             revoke an API key (refused everywhere within 1 s)
      LIMITS: --daily-usd USD|none  --monthly-usd USD|none   spending caps per UTC day / UTC month
              --areas AREA,AREA|all                          the endpoint areas the key may call
              (${areas.join(', ')})
  credits add --account ACCOUNT_ID --usd AMOUNT  add prepaid credit
  serve                                          serve the API (what npm start runs)
  worker [--concurrency N]                       run media job workers only (default N: TOLLGATE_MEDIA_CONCURRENCY, or 4 when it is 0)
  webhooks secret --account ACCOUNT_ID [--rotate]
                                                 the account's webhook signing secret (whsec_…); --rotate replaces it
  mcp --url SERVER_URL [--key API_KEY]           an MCP server on stdin/stdout whose tools call the API at SERVER_URL with API_KEY
                                                 (or with TOLLGATE_API_KEY from the environment, kept out of the process list)

Prints JSON on stdout. Uses the same database as the server (DATABASE_URL, or SQLite under TOLLGATE_DATA_DIR).
A command refuses an option it does not list. --help (-h) prints this; --version (-v), the release.`;

class UsageError extends Error {}

/** The commands of a group (`accounts` → create, show, …), as the usage lists them. */
function commandsOf(group: string): string[] {
  return USAGE([])
    .split('\n')
    .map((line) => /^ {2}(\S+) ([a-z]+)\b/.exec(line))
    .filter((match) => match?.[1] === group)
    .map((match) => match![2]!);
}

/**
 * The endpoint areas a key may be limited to (its account's own endpoints are always allowed).
 * Read from the registry, which is loaded only for the commands that need it (with the server,
 * the worker and the MCP bridge): a command that only touches the database then starts without
 * loading every endpoint, vendor adapter and their packages.
 */
async function keyAreas(): Promise<readonly string[]> {
  return limitableAreas((await import('../endpoints')).endpoints);
}

/** A spending cap option: a USD amount above 0, or `none` to remove the cap. */
function capOption(text: string, name: string): number | null {
  if (text.trim().toLowerCase() === 'none') return null;
  try {
    return parseSpendCap(text);
  } catch (error) {
    if (!(error instanceof InvalidKeyLimit)) throw error;
    throw new UsageError(`--${name}: ${error.message} (or none, for no cap), got '${text}'`);
  }
}

function areasOption(text: string, known: readonly string[]): readonly string[] | null {
  if (text.trim().toLowerCase() === 'all') return null;
  const areas = text.split(',').map((area) => area.trim().toLowerCase()).filter((area) => area !== '');
  const unknown = areas.filter((area) => !known.includes(area));
  if (areas.length === 0 || unknown.length > 0) throw new UsageError(`--areas takes areas from ${known.join(', ')} (or all), got '${text}'`);
  return [...new Set(areas)];
}

/** The limits the options set, over `current` (what they leave out stays as it was); `known`: the areas a key may be limited to. */
function limitsFrom(values: Record<string, string | boolean | undefined>, current: KeyLimits, known: readonly string[]): KeyLimits {
  const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : undefined);
  const daily = text('daily-usd');
  const monthly = text('monthly-usd');
  const areas = text('areas');
  return {
    dailyMicros: daily === undefined ? current.dailyMicros : capOption(daily, 'daily-usd'),
    monthlyMicros: monthly === undefined ? current.monthlyMicros : capOption(monthly, 'monthly-usd'),
    areas: areas === undefined ? current.areas : areasOption(areas, known),
  };
}

/** How the CLI prints a key's limits. */
function limitsView(limits: KeyLimits) {
  return {
    dailyUsd: limits.dailyMicros === null ? null : microsToUsd(limits.dailyMicros),
    monthlyUsd: limits.monthlyMicros === null ? null : microsToUsd(limits.monthlyMicros),
    areas: limits.areas === null ? null : [...limits.areas],
  };
}

/**
 * Tells the running servers that these keys changed (a revocation, new limits, their account's
 * suspension). One warning when Redis cannot be reached: the rest would fail the same way.
 */
async function announceChanges(config: Config, keyIds: readonly string[], what: string): Promise<void> {
  if (!config.redisUrl) return;
  try {
    // Committed already: a lost announcement only means the servers see it when their auth caches expire.
    for (const keyId of keyIds) await announceKeyChange(config.redisUrl, keyId);
  } catch (error) {
    process.stderr.write(`warning: could not announce the ${what} over Redis (${error instanceof Error ? error.message : String(error)}); servers apply it within 1 s anyway\n`);
  }
}

function option(values: Record<string, string | boolean | undefined>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`missing --${name}`);
  return value.trim();
}

/** --reason: a note for operators, on one line, at most MAX_SUSPENSION_REASON characters. */
function reasonOption(text: string): string {
  if (text.trim().length > MAX_SUSPENSION_REASON) throw new UsageError(`--reason can be at most ${MAX_SUSPENSION_REASON} characters`);
  const reason = suspensionReason(text);
  if (reason === undefined) throw new UsageError('--reason needs a text (or leave the option out)');
  return reason;
}

function usd(text: string, name: string): number {
  let micros: number;
  try {
    micros = parseUsd(text);
  } catch {
    throw new UsageError(`--${name} must be a USD amount such as 10 or 12.50, got '${text}'`);
  }
  if (micros < 0) throw new UsageError(`--${name} ${text}: the amount cannot be negative`);
  if (micros > MAX_BALANCE_MICROS) throw new UsageError(`--${name} cannot exceed ${MAX_BALANCE_MICROS / 1_000_000}`);
  return micros;
}

function count(values: Record<string, string | boolean | undefined>, name: string, fallback: number, range: { min: number; max: number }): number {
  const text = values[name];
  if (text === undefined) return fallback;
  const value = Number(text);
  if (typeof text !== 'string' || !/^\d+$/.test(text.trim()) || value < range.min || value > range.max) {
    throw new UsageError(`--${name} must be a whole number from ${range.min} to ${range.max}, got '${String(text)}'`);
  }
  return value;
}

/**
 * `parseArgs` reads `--credit -1` as an option with no value followed by an unknown option `-1`;
 * a value that starts with a minus and a digit is a (negative) number, so it stays the value.
 */
function keepNegativeValues(argv: string[]): string[] {
  const joined: string[] = [];
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index]!;
    const next = argv[index + 1];
    if (VALUE_OPTIONS.has(argument) && next !== undefined && /^-\d/.test(next)) {
      joined.push(`${argument}=${next}`);
      index += 1;
    } else {
      joined.push(argument);
    }
  }
  return joined;
}

function serverUrl(text: string): URL {
  const url = URL.canParse(text) ? new URL(text) : undefined;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new UsageError(`--url must be an http(s) URL such as http://127.0.0.1:3000, got '${text}'`);
  return url;
}

async function withStore<T>(config: Config, work: (ledger: Ledger, keys: ApiKeys, store: Store) => Promise<T>): Promise<T> {
  const store = await openStore({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    // stdout is the command's JSON alone.
    onMigrated: (names) => process.stderr.write(`tollgate: ${appliedMigrations(names)}\n`),
  });
  try {
    return await work(new Ledger(store), new ApiKeys(store.db), store);
  } finally {
    await store.close();
  }
}

const cliRequestId = () => `cli_${randomUUID().replaceAll('-', '')}`;

const OPTIONS = {
  email: { type: 'string' },
  credit: { type: 'string' },
  account: { type: 'string' },
  usd: { type: 'string' },
  limit: { type: 'string' },
  offset: { type: 'string' },
  concurrency: { type: 'string' },
  rotate: { type: 'boolean' },
  url: { type: 'string' },
  key: { type: 'string' },
  'daily-usd': { type: 'string' },
  'monthly-usd': { type: 'string' },
  areas: { type: 'string' },
  reason: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;
const VALUE_OPTIONS = new Set(Object.entries(OPTIONS).flatMap(([name, option]) => (option.type === 'string' ? [`--${name}`] : [])));

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values'];
type OptionName = keyof typeof OPTIONS;

/**
 * The options each command takes (--help and --version go with any). Any other is refused, naming
 * it: an option a command ignored would leave the operator believing it took effect.
 */
const COMMAND_OPTIONS: Readonly<Record<string, readonly OptionName[]>> = {
  'accounts create': ['email', 'credit'],
  'accounts show': ['account'],
  'accounts list': ['limit', 'offset'],
  'accounts suspend': ['account', 'reason'],
  'accounts unsuspend': ['account'],
  'keys create': ['account', 'daily-usd', 'monthly-usd', 'areas'],
  'keys update': ['daily-usd', 'monthly-usd', 'areas'],
  'keys revoke': [],
  'credits add': ['account', 'usd'],
  serve: [],
  worker: ['concurrency'],
  'webhooks secret': ['account', 'rotate'],
  mcp: ['url', 'key'],
};

/** What to say instead, for an option an operator would expect a command to take. */
const MISPLACED_OPTIONS: Readonly<Record<string, Partial<Record<OptionName, string>>>> = {
  'accounts create': { usd: 'the starting credit is --credit USD' },
  'accounts unsuspend': { reason: 'a reason goes with accounts suspend' },
  'credits add': { reason: 'the ledger keeps no note with a credit' },
};

function refuseOtherOptions(command: string, given: readonly string[]): void {
  const takes = COMMAND_OPTIONS[command];
  // An unknown command is told so, and the group's commands, first.
  if (takes === undefined) return;
  const other = given.find((name) => name !== 'help' && name !== 'version' && !takes.some((taken) => taken === name));
  if (other === undefined) return;
  const hint = MISPLACED_OPTIONS[command]?.[other as OptionName];
  const options = takes.length === 0 ? 'it takes no options' : `its options: ${takes.map((name) => `--${name}`).join(', ')}`;
  throw new UsageError(`${command} takes no --${other}${hint ? ` (${hint})` : ''}; ${options}`);
}

/**
 * What to look at when the database, or the address the server listens on, cannot be had: the
 * setting by name (DATABASE_URL's password never shown), instead of the socket's words alone.
 */
function startProblem(config: Config, error: unknown): Error | undefined {
  const failure = error as { code?: unknown; syscall?: unknown; hostname?: unknown; port?: unknown };
  if (isDatabaseUnreachable(error) && config.databaseUrl !== undefined) {
    const url = new URL(config.databaseUrl);
    // The driver's code (ECONNREFUSED, ENOTFOUND, …), on the error or on the one a migration failure wraps.
    const code = [error, (error as Error).cause].map((each) => (each as { code?: unknown } | undefined)?.code).find((each) => typeof each === 'string');
    return new Error(`cannot reach the database at DATABASE_URL's ${url.hostname}:${url.port || 5432}${code ? ` (${String(code)})` : ''}: is it running, and is that its address?`);
  }
  if (failure.code === 'EADDRINUSE' && failure.port === config.port) {
    return new Error(portInUse(config));
  }
  if (failure.syscall === 'getaddrinfo' && failure.hostname === config.host) {
    return new Error(`HOST ${config.host} is no address this machine can listen on (${String(failure.code)}): set HOST to one of its addresses, e.g. 127.0.0.1, or 0.0.0.0 for all`);
  }
  if (failure.code === 'EADDRNOTAVAIL' && failure.syscall === 'listen') {
    return new Error(`HOST ${config.host} is not an address of this machine (EADDRNOTAVAIL): set HOST to one of its addresses, e.g. 127.0.0.1, or 0.0.0.0 for all`);
  }
  return undefined;
}

async function run(argv: string[]): Promise<unknown> {
  const { values, positionals, tokens } = parseArgs({ args: keepNegativeValues(argv), allowPositionals: true, strict: true, options: OPTIONS, tokens: true });
  const [group, action] = positionals;
  // Asked for, the usage is the answer (on stdout, exit 0), whatever the environment holds.
  if (values.help || group === 'help') {
    process.stdout.write(`${USAGE(await keyAreas())}\n`);
    return undefined;
  }
  if (values.version) {
    process.stdout.write(`${tollgateVersion()}\n`);
    return undefined;
  }
  if (!group) throw new UsageError('');
  const command = [group, action].filter(Boolean).join(' ');
  refuseOtherOptions(command, tokens.flatMap((token) => (token.kind === 'option' ? [token.name] : [])));
  const config = loadConfig();
  try {
    return await runCommand(config, command, values, positionals);
  } catch (error) {
    throw startProblem(config, error) ?? error;
  }
}

async function runCommand(config: Config, command: string, values: Values, positionals: readonly string[]): Promise<unknown> {
  const [group, action, ...rest] = positionals as [string, ...string[]];
  // The server and the worker log these; a one-off command says them on stderr.
  if (group !== 'serve' && group !== 'worker') for (const warning of config.unrecognisedSettings) process.stderr.write(`tollgate: warning: ${warning}\n`);

  if (group === 'serve' && !action) {
    const { serve } = await import('../main');
    await serve(config);
    return undefined;
  }
  if (group === 'worker' && !action) {
    const { runWorker } = await import('../worker');
    await runWorker(config, values.concurrency === undefined ? undefined : count(values, 'concurrency', 4, { min: 1, max: 256 }));
    return undefined;
  }
  if (group === 'mcp' && !action) {
    // The key from the environment keeps it out of the process list (`ps` shows arguments).
    const url = serverUrl(option(values, 'url'));
    const apiKey = typeof values.key === 'string' ? option(values, 'key') : process.env.TOLLGATE_API_KEY?.trim();
    if (!apiKey) throw new UsageError('missing --key (or TOLLGATE_API_KEY in the environment)');
    const { serveMcpOverStdio } = await import('../mcp/stdio');
    await serveMcpOverStdio({ url, apiKey });
    return undefined;
  }
  const known = values.areas === undefined ? [] : await keyAreas();
  switch (command) {
    case 'accounts create': {
      const email = option(values, 'email');
      if (!z.email().safeParse(email).success) throw new UsageError(`--email must be an email address, got '${email}'`);
      const credit = usd(typeof values.credit === 'string' ? values.credit : config.signupCreditUsd, 'credit');
      return withStore(config, async (ledger, keys) => {
        const account = await ledger.createAccount(email, credit, cliRequestId());
        const { apiKey } = await keys.issue(account.id);
        return { accountId: account.id, apiKey, balanceUsd: microsToUsd(account.balanceMicros) };
      });
    }
    case 'accounts show': {
      const accountId = option(values, 'account');
      return withStore(config, async (_ledger, _keys, store) => {
        const account = await showAccount(store.db, accountId);
        if (!account) throw new AccountNotFoundError(`no account ${accountId}`);
        return account;
      });
    }
    case 'accounts list': {
      const page = { limit: count(values, 'limit', 50, { min: 1, max: MAX_PAGE }), offset: count(values, 'offset', 0, { min: 0, max: Number.MAX_SAFE_INTEGER }) };
      return withStore(config, (_ledger, _keys, store) => listAccounts(store.db, page));
    }
    case 'accounts suspend':
    case 'accounts unsuspend': {
      const accountId = option(values, 'account');
      const suspended = action === 'suspend';
      const reason = suspended && values.reason !== undefined ? reasonOption(values.reason) : undefined;
      const account = await withStore(config, async (ledger, _keys, store) => {
        const change = suspended ? { suspended, reason, at: new Date().toISOString() } : { suspended };
        if (!(await writeSuspension(store.db, (work) => ledger.exclusive(work), accountId, change))) throw new AccountNotFoundError(`no account ${accountId}`);
        return (await showAccount(store.db, accountId))!;
      });
      // As the admin pages do: every server drops its cached lookups of the account's keys.
      await announceChanges(config, account.keys.map((key) => key.keyId), suspended ? 'suspension' : 'lifted suspension');
      return { accountId, suspendedAt: account.suspendedAt, suspensionReason: account.suspensionReason };
    }
    case 'keys create': {
      const accountId = option(values, 'account');
      const limits = limitsFrom(values, NO_KEY_LIMITS, known);
      return withStore(config, async (ledger, keys) => {
        if (!(await ledger.findAccount(accountId))) throw new AccountNotFoundError(`no account ${accountId}`);
        return { ...(await keys.issue(accountId, null, limits)), limits: limitsView(limits) };
      });
    }
    case 'keys update': {
      const keyId = rest[0];
      if (!keyId || rest.length > 1) throw new UsageError('keys update takes exactly one KEY_ID');
      if (!(['daily-usd', 'monthly-usd', 'areas'] as const).some((name) => values[name] !== undefined)) throw new UsageError('keys update needs at least one of --daily-usd, --monthly-usd, --areas');
      const limits = await withStore(config, async (ledger, keys, store) => {
        // A revoked key's limits no longer apply: changing them would say otherwise.
        if (await keys.isRevoked(keyId)) throw new KeyNotFoundError(`API key ${keyId} is revoked: it has no limits to change (issue a new key)`);
        const updated = limitsFrom(values, await keys.limitsOf(keyId), known);
        // The server's call log is another process's: its last quarter-second of calls is not counted.
        const history = new AccountHistory(store.db, (work) => ledger.exclusive(work), async () => undefined);
        await updateKeyLimits({ keys, ledger, history }, keyId, updated);
        return updated;
      });
      await announceChanges(config, [keyId], 'new limits');
      return { keyId, limits: limitsView(limits) };
    }
    case 'keys revoke': {
      const keyId = rest[0];
      if (!keyId || rest.length > 1) throw new UsageError('keys revoke takes exactly one KEY_ID');
      await withStore(config, (_ledger, keys) => keys.revoke(keyId));
      await announceChanges(config, [keyId], 'revocation');
      return { keyId, revoked: true };
    }
    case 'credits add': {
      const accountId = option(values, 'account');
      const amount = usd(option(values, 'usd'), 'usd');
      if (amount === 0) throw new UsageError('--usd must be more than 0');
      return withStore(config, async (ledger) => {
        const balance = await ledger.credit(accountId, amount, cliRequestId());
        return { accountId, balanceUsd: microsToUsd(balance) };
      });
    }
    case 'webhooks secret': {
      const accountId = option(values, 'account');
      return withStore(config, async (ledger, _keys, store) => {
        if (!(await ledger.findAccount(accountId))) throw new AccountNotFoundError(`no account ${accountId}`);
        const secrets = new WebhookSecrets(store.db, (work) => ledger.exclusive(work));
        const secret = values.rotate ? await secrets.rotate(accountId) : await secrets.secretFor(accountId);
        return { accountId, webhookSecret: secret, rotated: values.rotate === true };
      });
    }
    default: {
      // A known group with a missing or misspelt command is told the group's commands.
      const actions = commandsOf(group);
      if (actions.length === 0) throw new UsageError(`unknown command '${positionals.join(' ')}'`);
      throw new UsageError(action ? `unknown ${group} command '${action}': one of ${actions.join(', ')}` : `'${group}' needs a command: one of ${actions.join(', ')}`);
    }
  }
}

try {
  const result = await run(process.argv.slice(2));
  if (result !== undefined) process.stdout.write(`${JSON.stringify(result)}\n`);
} catch (error) {
  if (error instanceof UsageError) {
    if (error.message) process.stderr.write(`tollgate: ${error.message}\n\n`);
    process.stderr.write(`${USAGE(await keyAreas())}\n`);
    process.exitCode = 2;
  } else if (error instanceof AccountNotFoundError || error instanceof KeyNotFoundError || error instanceof DuplicateEmailError) {
    process.stderr.write(`tollgate: ${error.message}\n`);
    process.exitCode = 1;
  } else if ((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    process.stderr.write(`tollgate: ${(error as Error).message}\n\n${USAGE(await keyAreas())}\n`);
    process.exitCode = 2;
  } else {
    process.stderr.write(`tollgate: ${(error as Error).message}\n`);
    process.exitCode = 1;
  }
}
