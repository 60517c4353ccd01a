// The input readers (cli-spec 3): what the commands import. Each reader returns problems as
// `FILE:LINE: message` instead of throwing for bad content; only an unreadable file throws.
export { openInput, hashFile, fileInfo, assertReadableFile, STDIN_DISPLAY_NAME, type InputFile, type FileInfo } from './source.js';
export { formatProblems, PROBLEMS_SHOWN, ProblemList } from './problems.js';
export { readCsvTable, detectDelimiter, type CsvEvent, type Delimiter } from './csv-table.js';
export type { TableFileResult, ReadTableOptions } from './table-rows.js';
export { readPriceFile, type PriceRow } from './prices.js';
export { readStatusFile, type StatusRow } from './statuses.js';
export { refProblem } from './ref-rule.js';
export {
  detectFormat, scanCredentials, readCredentialChunk, InputChangedError,
  type ScanOptions, type ScanResult, type ChunkReadOptions, type CredentialChunk, type CredentialFormat, type CsvLayout, type StockItem,
} from './credentials.js';
