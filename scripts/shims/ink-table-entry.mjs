// The parts of Ink that a table's renderToString uses, for the terminal table's bundle
// (dist/table.cjs; the build aliases `ink` to this file there). Ink's index also loads the live
// renderer (log-update, the input parser, signal handlers, stdin), none of which a string needs.
// ink's package.json exports only its index, so these are file paths inside ink 6.8.0's build/
// (checked for ink 8); the build fails if one is gone.
export { default as renderToString } from '../../node_modules/ink/build/render-to-string.js';
export { default as Box } from '../../node_modules/ink/build/components/Box.js';
export { default as Text } from '../../node_modules/ink/build/components/Text.js';
