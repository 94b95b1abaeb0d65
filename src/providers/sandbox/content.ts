import type { ContentProvider } from '../families/content';

export const sandboxContent: ContentProvider = {
  name: 'sandbox',
};
