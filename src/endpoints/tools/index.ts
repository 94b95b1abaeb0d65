import type { EndpointDefinition } from '../../core/define-endpoint';
import dns from './dns';
import whois from './whois';
import qr from './qr';
import pdf from './pdf';

/** Tools Tollgate runs itself (no data vendor; paths and prices ours: the spec lists them without shapes): DNS, registration data (RDAP), QR codes, PDFs. */
export const toolEndpoints: readonly EndpointDefinition<any, any>[] = [dns, whois, qr, pdf];
