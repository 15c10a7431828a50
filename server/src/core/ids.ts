import { uuidv7 } from 'uuidv7';

/** Time-ordered string ids, so inserts stay near the end of each index. */
export const newId = (): string => uuidv7();
