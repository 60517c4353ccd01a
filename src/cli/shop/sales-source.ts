// The shop reads sales from the orders mirror (issue 23): synced first (a few requests), then
// streamed from the database.
export { type OrdersMirror, syncedMirror } from '../../mirror/index.js';
