/** Technology fingerprinting of a fetched page (the email area's technology lookup). */
export { detectTechnologies } from './detect';
export { checkFingerprintable } from './fingerprintable';
export { Technology } from './technology';
