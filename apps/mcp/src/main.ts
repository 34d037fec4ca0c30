import { runMcp } from './cli.js';

// stdout carries the MCP protocol: everything for people goes to stderr.
const log = (line: string) => void process.stderr.write(`paysight-mcp: ${line}\n`);

runMcp(process.argv.slice(2), { env: process.env, log }).then((code) => {
  process.exitCode = code;
});
