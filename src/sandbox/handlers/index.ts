// The handler of every route of src/api/routes.ts, by route name: the sandbox serves the same
// route table the client sends by.
import { accountHandlers } from './account.js';
import { bulkHandlers } from './bulk.js';
import type { RouteName } from '../../api/routes.js';
import type { Handler } from './context.js';
import { keyHandlers } from './keys.js';
import { mediationHandlers } from './mediations.js';
import { orderHandlers } from './orders.js';
import { productHandlers } from './products.js';
import { questionHandlers } from './questions.js';
import { reviewHandlers } from './reviews.js';
import { stockHandlers } from './stock.js';
import { v1Handlers } from './v1.js';

// `satisfies`: a route of the table without a handler here does not compile.
export const HANDLERS: Readonly<Record<RouteName, Handler>> = {
  ...productHandlers,
  ...bulkHandlers,
  ...stockHandlers,
  ...orderHandlers,
  ...reviewHandlers,
  ...questionHandlers,
  ...mediationHandlers,
  ...accountHandlers,
  ...v1Handlers,
  ...keyHandlers,
} satisfies Record<RouteName, Handler>;
