import { z } from 'zod';
import { ID_PATTERN } from './id-pattern.ts';

export { ID_PATTERN, parseId } from './id-pattern.ts';

export const idStringSchema = z.string().regex(ID_PATTERN, 'must be an id');
