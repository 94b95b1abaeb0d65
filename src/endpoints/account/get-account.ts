import { z } from 'zod';
import { defineEndpoint } from '../../core/define-endpoint';
import { microsToUsd } from '../../core/money';

export default defineEndpoint({
  id: 'account.get',
  method: 'GET',
  path: '/v1/account',
  summary: 'The calling account and its balance',
  description: 'Returns the account that owns the API key, with its prepaid balance. The balance never expires.',
  input: z.strictObject({}),
  output: z.object({
    accountId: z.string().meta({ examples: ['acct_Xq3v9TnB2kLm0PaZ'] }),
    email: z.string().meta({ examples: ['dev@example.com'] }),
    balanceUsd: z.number().meta({ description: 'Prepaid balance, USD.', examples: [4.97] }),
    createdAt: z.string().meta({ description: 'ISO 8601.', examples: ['2026-11-21T05:00:00.000Z'] }),
  }),
  price: ({ free }) => free(),
  examples: {
    request: {},
    response: { accountId: 'acct_Xq3v9TnB2kLm0PaZ', email: 'dev@example.com', balanceUsd: 4.97, createdAt: '2026-11-21T05:00:00.000Z' },
  },
  async handler({ ctx }) {
    const account = await ctx.account();
    return {
      accountId: account.accountId,
      email: account.email,
      balanceUsd: microsToUsd(account.balanceMicros),
      createdAt: account.createdAt,
    };
  },
});
