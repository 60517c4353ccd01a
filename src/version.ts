// The version, injected by the build (scripts/build.mjs); `0.0.0-dev` when run from source.
declare const __SVC_VERSION__: string | undefined;
export const VERSION: string = typeof __SVC_VERSION__ === 'string' ? __SVC_VERSION__ : '0.0.0-dev';
