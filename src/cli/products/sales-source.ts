// Repricing reads recent sales (costs in deliveredItems, the fee) from the orders mirror
// (issue 23): synced first (a few requests), then streamed from the database.
export { syncedMirror } from '../../mirror/index.js';
