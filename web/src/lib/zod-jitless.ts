/**
 * Turns off zod's compiled parsers before any schema is built: an object schema probes for
 * `new Function` when it is created, which the page's CSP (no 'unsafe-eval') refuses with an
 * error in the console. Imported first by response-schemas.ts.
 */
import { z } from 'zod';

z.config({ jitless: true });
