import { billNumber } from './billNumber.js';
import { bundle } from './bundle.js';
import { currentUser } from './currentUser.js';
import { dataScreen } from './dataScreen.js';
import { formRender } from './formRender.js';
import { generatedList } from './generatedList.js';
import { knowledge } from './knowledge.js';
import { login } from './login.js';
import { memory } from './memory.js';
import { messagePush } from './messagePush.js';
import { organizeTree } from './organizeTree.js';
import type { Scenario } from './types.js';
import { upload } from './upload.js';
import { userList } from './userList.js';
import { workflow } from './workflow.js';

/**
 * Every scenario, in the order they run against one server. Later issues add theirs here
 * (bill numbers/s, user list, socket fan-out, bundle sizes), each its own module.
 */
export const SCENARIOS: Scenario[] = [
  login,
  currentUser,
  billNumber,
  bundle,
  messagePush,
  organizeTree,
  userList,
  knowledge,
  formRender,
  upload,
  generatedList,
  workflow,
  dataScreen,
  memory,
];
