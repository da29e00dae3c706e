// skillops CLI entry: commander with a global --json, exit codes 0 ok / 1 findings or failure /
// 2 usage error. Each command is declared in its own `<name>-command.ts` and registers itself from
// the list below; its action imports the module that does the work, so start-up loads commander
// and these declarations only (bench/startup.ts measures it). demo.ts loads its work likewise.
import { Command, CommanderError } from "commander";
import { processIo, UsageError, type CliContext, type CliIo, type RegisterCommand } from "./context.js";
import { registerDemo } from "./demo.js";
import { registerValidate } from "./validate-command.js";
import { registerEval } from "./eval/eval-command.js";
import { registerMatrix } from "./matrix-command.js";
import { registerInit } from "./init-command.js";
import { registerEvolve } from "./evolve/evolve-command.js";
import { registerSim } from "./sim/sim-command.js";
import { registerReport } from "./report-command.js";
import { registerIngest } from "./ingest/ingest-command.js";
import { packageVersion } from "./package-version.js";
import { registerAppEvent } from "./app-event-command.js";
import { registerAudit } from "./audit/audit-command.js";
import { registerColdstart } from "./coldstart-command.js";
import { registerNogoods } from "./evolve/nogoods-command.js";
import { registerCache } from "./cache/cache-command.js";
import { registerDoctor } from "./doctor-command.js";
import { checkPathOptions } from "./path-kind.js";
import { printableLines } from "../../vocabulary/printable.js";

const commands: RegisterCommand[] = [
  registerValidate,
  registerDemo,
  registerEval,
  registerMatrix,
  registerInit,
  registerEvolve,
  registerSim,
  registerReport,
  registerIngest,
  registerAppEvent,
  registerAudit,
  registerColdstart,
  registerNogoods,
  registerCache,
  registerDoctor,
];

const EXAMPLES = `
Examples:
  $ skillops validate skill-bank             check every skill in the bank
  $ skillops validate skill-bank/foo --strict --json
  $ skillops demo                            play the whole product offline: feedback issues, cases,
                                             a simulated evolution run, frontier PRs, select, merge, rollback
`;

export function buildProgram(ctx: CliContext): Command {
  const program = new Command("skillops")
    .description("Evolve an agent's skill bank from feedback issues (FRAMES), guarded per category.")
    .option("--json", "print machine-readable JSON instead of text")
    .version(packageVersion(), "-V, --version", "print the skillops version")
    .showSuggestionAfterError()
    .addHelpText("after", EXAMPLES)
    .exitOverride()
    .configureOutput({ writeOut: (s) => ctx.io.stdout(s), writeErr: (s) => ctx.io.stderr(s) })
    // Path options of the wrong kind (a folder for a file, a FIFO) are usage errors, before any read.
    .hook("preAction", (_program, action) => checkPathOptions(action, ctx.io.cwd));
  for (const register of commands) register(program, ctx);
  for (const cmd of program.commands) {
    cmd
      .exitOverride()
      .configureOutput({ writeOut: (s) => ctx.io.stdout(s), writeErr: (s) => ctx.io.stderr(s) });
  }
  return program;
}

export async function main(argv: string[], io: CliIo = processIo()): Promise<number> {
  const ctx: CliContext = { io, exitCode: 0, argv };
  const program = buildProgram(ctx);
  // No command is a usage error, like a command group (`skillops sim`) with no subcommand: the help
  // goes to stderr and the exit status is 2, so a script that forgot the subcommand does not pass.
  if (argv.length === 0) {
    program.outputHelp({ error: true });
    return 2;
  }
  try {
    await program.parseAsync(argv, { from: "user" });
    return ctx.exitCode;
  } catch (e) {
    if (e instanceof CommanderError) {
      // `--help` and `--version` asked for; "commander.help" with a non-zero code is a command group
      // called without its subcommand (commander printed the group's help to stderr).
      if (e.code === "commander.helpDisplayed" || e.code === "commander.version") return 0;
      if (e.code === "commander.help") return e.exitCode === 0 ? 0 : 2;
      return 2; // commander already printed the message
    }
    // A message may quote a path or a name: print its control characters as escapes.
    if (e instanceof UsageError) {
      io.stderr(`error: ${printableLines(e.message)}\n(run 'skillops --help' for usage)\n`);
      return 2;
    }
    io.stderr(`error: ${printableLines(e instanceof Error ? e.message : String(e))}\n`);
    return 1;
  }
}
