// `skillops matrix`: prints the evolve workflow's job matrix from .github/skillops.yml (used by the
// workflow's plan job; see docs/workflows.md).
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Command } from "commander";
import { parse as parseYaml } from "yaml";
import { Config } from "../config/config.js";
import { MatrixError, parseRunsOn, planMatrix } from "../workflows/plan-matrix.js";
import { UsageError, type CliContext } from "./context.js";

async function loadConfig(path: string): Promise<Config> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return Config.parse({});
    throw e;
  }
  const parsed = Config.safeParse(parseYaml(text) ?? {});
  if (!parsed.success) {
    const issues = parsed.error.issues
      .map((i) => `  ${i.path.join(".") || "(root)"}: ${i.message}`)
      .join("\n");
    throw new Error(`${path} is not a valid skillops config:\n${issues}`);
  }
  return parsed.data;
}

export function registerMatrix(program: Command, ctx: CliContext): void {
  program
    .command("matrix")
    .description("print the evolve workflow's job matrix (one job per scope, with runner labels)")
    .option("--config <file>", "config file", ".github/skillops.yml")
    .option("--runs-on <labels>", 'override runner labels: a JSON array like ["self-hosted","gpu"]', "")
    .option("--github-output", "print as `matrix=<json>` for $GITHUB_OUTPUT")
    .addHelpText(
      "after",
      `\nExamples:\n  $ skillops matrix\n  $ skillops matrix --runs-on '["self-hosted","gpu"]' --github-output >> "$GITHUB_OUTPUT"\n`,
    )
    .action(async (opts: { config: string; runsOn: string; githubOutput?: boolean }) => {
      let override: string[] | undefined;
      try {
        override = parseRunsOn(opts.runsOn);
      } catch (e) {
        throw new UsageError((e as Error).message);
      }
      try {
        const matrix = planMatrix(await loadConfig(resolve(ctx.io.cwd, join(opts.config))), override);
        ctx.io.stdout(
          opts.githubOutput ? `matrix=${JSON.stringify(matrix)}\n` : `${JSON.stringify(matrix, null, 2)}\n`,
        );
      } catch (e) {
        if (!(e instanceof MatrixError)) throw e;
        ctx.io.stderr(`error: ${e.message}\n`);
        ctx.exitCode = 1;
      }
    });
}
