/** Technology fingerprinting of a fetched page (the email area's technology lookup). */
export { detectTechnologies } from './detect';
export { Technology } from './technology';
