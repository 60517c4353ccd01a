// The check that a tool's input schema is its command's options (one source): the command is
// built by commander from the verb's declaration as `svc` builds it, and each of its options and
// arguments must stand in the tool's schema with the same help line and the same choices; the
// options no tool takes are absent. Independent of how svc mcp makes its schemas.
import assert from 'node:assert/strict';
import { Command } from 'commander';
import { NOT_EXPOSED } from '../../src/cli/mcp/schema.js';
import { loadVerb, toolName, TOOLS } from '../../src/cli/mcp/tools.js';
import type { CliRuntime } from '../../src/cli/shared/command.js';

interface ListedTool {
  name: string;
  inputSchema: { properties?: Record<string, any>; required?: string[] };
}

const camel = (s: string) => s.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

export async function mcpToolsAgainstCli(tools: ListedTool[]): Promise<void> {
  const rt = { io: {} as CliRuntime['io'], env: {}, signal: new AbortController().signal, exitCode: 0 } as CliRuntime;
  for (const tool of tools) {
    if (tool.name === 'apply_plan') continue;
    const entry = TOOLS.find((e) => toolName(e) === tool.name);
    assert.ok(entry, `${tool.name} is not a command of the registry`);
    const cmd = (await loadVerb(entry)).register(new Command('svc'), rt);
    const props = tool.inputSchema.properties ?? {};
    const expected = new Set<string>();
    for (const o of cmd.options) {
      if (o.negate) continue;
      const key = o.attributeName();
      if (NOT_EXPOSED.has(key)) {
        assert.ok(!(key in props), `${tool.name}: ${o.long} must not be exposed`);
        continue;
      }
      expected.add(key);
      assert.ok(props[key], `${tool.name}: ${o.long} missing`);
      assert.equal(props[key].description, o.description, `${tool.name}: ${o.long} help`);
      if (o.argChoices) assert.deepEqual(props[key].enum, o.argChoices, `${tool.name}: ${o.long} choices`);
      if (!o.required && !o.optional) assert.equal(props[key].type, 'boolean', `${tool.name}: ${o.long} is a switch`);
    }
    for (const a of cmd.registeredArguments) {
      const key: string = entry.rows === 'prices' && a.name() === 'file' ? 'rows' : camel(a.name());
      expected.add(key);
      assert.ok(props[key], `${tool.name}: argument ${a.name()} missing`);
      if (key !== 'rows') assert.equal(props[key].description, a.description, `${tool.name}: ${a.name()} help`);
      assert.equal(tool.inputSchema.required?.includes(key) ?? false, a.required, `${tool.name}: ${key} required`);
      if (key !== 'rows') assert.equal(props[key].type, a.variadic ? 'array' : 'string', `${tool.name}: ${key} type`);
    }
    assert.deepEqual(new Set(Object.keys(props)), expected, `${tool.name}: properties`);
  }
}
