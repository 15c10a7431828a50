import { billNumber } from './billNumber.js';
import { bundle } from './bundle.js';
import { currentUser } from './currentUser.js';
import { login } from './login.js';
import type { Scenario } from './types.js';

/**
 * Every scenario, in the order they run against one server. Later issues add theirs here
 * (bill numbers/s, user list, socket fan-out, bundle sizes), each its own module.
 */
export const SCENARIOS: Scenario[] = [login, currentUser, billNumber, bundle];
