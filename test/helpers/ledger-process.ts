/**
 * A second server's ledger, in a process of its own, for the cross-process test: opens the SQLite
 * database in argv[2] and, from the time (ms since the epoch) in argv[6], holds argv[4] calls of
 * argv[5] micro-USD on account argv[3] — a few per turn, so its turns interleave with the other
 * process's — captures each hold it got at its full price, and prints {"held": n} once every
 * capture is committed.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { newRequestId } from '../../src/core/request-id';
import { Ledger } from '../../src/ledger/ledger';
import { openStore } from '../../src/store/database';

const [dataDir, accountId, callText, priceText, startText] = process.argv.slice(2);
const store = await openStore({ dataDir: dataDir! });
const ledger = new Ledger(store);
await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(startText) - Date.now())));
const price = Number(priceText);
const captures: Array<Promise<unknown>> = [];
let held = 0;
for (let call = 0; call < Number(callText); call += 1) {
  const requestId = newRequestId();
  const hold = ledger.hold(accountId!, price, requestId, 'test.processes');
  captures.push(
    hold.then(async (ok) => {
      if (!ok) return;
      await ledger.capture(accountId!, requestId, price, 'test.processes');
      held += 1;
    }),
  );
  if (call % 3 === 2) await nextTurn();
}
await Promise.all(captures);
await store.close();
process.stdout.write(`${JSON.stringify({ held })}\n`);
