/** The Node flags the server runs with (see node-flags.mjs). */
export const SERVER_NODE_FLAGS: readonly string[];
