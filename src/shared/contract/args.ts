// Small input schemas several domains of the contract share.
import { z } from 'zod';
import { serverNameSchema } from '../configSchema';

export const serverArg = z.strictObject({ server: serverNameSchema });
export const idArg = z.strictObject({ id: z.string().min(1).max(100) });
/** `providerId/modelId`. */
export const modelRef = z.string().regex(/^[^/\s]+\/.+$/, 'A model is named provider/model');
