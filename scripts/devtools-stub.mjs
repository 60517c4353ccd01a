// ink loads react-devtools-core only in development (DEV=true); svc never does.
export default { initialize() {}, connectToDevTools() {} };
