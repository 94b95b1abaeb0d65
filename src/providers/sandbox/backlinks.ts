import type { BacklinksProvider } from '../families/backlinks';

export const sandboxBacklinks: BacklinksProvider = {
  name: 'sandbox',
};
