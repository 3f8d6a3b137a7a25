/**
 * `--env-file`: the bot's environment variables (its `process.env`, as `setBotEnv` sets them on the platform) from a
 * dotenv file: `NAME=value` lines, `#` comments and blank lines, an optional `export `, values in single quotes (as
 * they are) or double quotes (with `\n` and `\"`), and `#` after whitespace ending an unquoted value.
 */

/** A line the file could not be read at: its number and what is wrong. */
export class EnvFileError extends Error {
  override readonly name = "EnvFileError";
}

const LINE = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/;

/** The variables of a dotenv text; throws EnvFileError naming the first line that is not one. */
export function parseEnvFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    if (/^\s*(#.*)?$/.test(raw)) continue;
    const match = LINE.exec(raw);
    if (!match) throw new EnvFileError(`line ${i + 1}: expected NAME=value`);
    const name = match[1] as string;
    let value = match[2] as string;
    const quote = value[0];
    if ((quote === '"' || quote === "'") && value.length >= 2 && value.endsWith(quote)) {
      value = value.slice(1, -1);
      if (quote === '"') value = value.replace(/\\n/g, "\n").replace(/\\"/g, '"');
    } else if (quote === '"' || quote === "'") {
      throw new EnvFileError(`line ${i + 1}: the value of ${name} has no closing ${quote}`);
    } else {
      value = value.replace(/\s+#.*$/, "");
    }
    env[name] = value;
  }
  return env;
}
