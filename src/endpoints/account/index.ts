import getAccount from './get-account';
import getUsage from './get-usage';
import getLedger from './get-ledger';

export const accountEndpoints = [getAccount, getUsage, getLedger];
