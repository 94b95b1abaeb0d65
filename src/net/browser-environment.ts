/**
 * The variables a browser is launched with, taken from the server's: where programs and the home
 * directory are, the locale and time zone it draws text and dates in, where fonts are configured,
 * and a display when there is one. Nothing else: the server's environment holds its secrets (the
 * admin token, vendors' keys, database URLs), and every page the browser renders is a stranger's.
 */
const KEPT = new Set([
  'PATH',
  'HOME',
  'LANG',
  'LANGUAGE',
  'TZ',
  'FONTCONFIG_FILE',
  'FONTCONFIG_PATH',
  'XDG_CONFIG_HOME',
  'XDG_CONFIG_DIRS',
  'XDG_CACHE_HOME',
  'XDG_DATA_HOME',
  'XDG_DATA_DIRS',
  'XDG_RUNTIME_DIR',
  'DISPLAY',
  'WAYLAND_DISPLAY',
  'LD_LIBRARY_PATH',
]);

/** `environment`'s variables a browser needs (LC_* included), with TMPDIR set to `temporaryDirectory`. */
export function browserEnvironment(environment: NodeJS.ProcessEnv, temporaryDirectory: string): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(environment)) {
    if (value !== undefined && (KEPT.has(name) || name.startsWith('LC_'))) kept[name] = value;
  }
  return { ...kept, TMPDIR: temporaryDirectory };
}
