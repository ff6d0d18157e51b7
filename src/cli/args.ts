/**
 * Command-line arguments of `url-standard`.
 */
import { URL_GETTERS } from '../url-getters.ts';

export { URL_GETTERS } from '../url-getters.ts';

/** Component names accepted by `--component`. */
export const COMPONENTS = [...URL_GETTERS, 'registrableDomain', 'publicSuffix', 'display'] as const;

export type Component = (typeof COMPONENTS)[number];

/** What each input turns into on standard output. */
export type Mode =
  | { kind: 'serialize' }
  | { kind: 'json' }
  | { kind: 'validate' }
  | { kind: 'component'; component: Component }
  | { kind: 'pattern'; pattern: string };

export interface Options {
  mode: Mode;
  base: string | undefined;
  /** `--relative-to`: print each URL relative to this one (parsed against `base`). */
  relativeTo: string | undefined;
  encoding: string | undefined;
  help: boolean;
  version: boolean;
  /**
   * The inputs in order: URL arguments, and STANDARD_INPUT where a lone "-" stands for the lines of
   * standard input. Empty means read standard input.
   */
  inputs: Input[];
}

/** A lone "-" among the arguments (before any "--"): the lines of standard input. */
export const STANDARD_INPUT: unique symbol = Symbol('standard input');

/** A URL argument, or standard input. */
export type Input = string | typeof STANDARD_INPUT;

/** A usage error: the message is printed and the command exits with status 2. */
export class UsageError extends Error {}

function isComponent(name: string): name is Component {
  return (COMPONENTS as readonly string[]).includes(name);
}

/**
 * Parses the arguments (without the node executable and script). Options may come before, after
 * or between URLs; `--name=value` and `--name value` are both accepted; `--` ends the options (so
 * a URL may start with "-").
 */
export function parseArgs(argv: readonly string[]): Options {
  const options: Options = {
    mode: { kind: 'serialize' },
    base: undefined,
    relativeTo: undefined,
    encoding: undefined,
    help: false,
    version: false,
    inputs: [],
  };
  let modeFlag: string | undefined;
  const setMode = (flag: string, mode: Mode): void => {
    if (modeFlag !== undefined && modeFlag !== flag) {
      throw new UsageError(`${modeFlag} and ${flag} cannot be used together`);
    }
    modeFlag = flag;
    options.mode = mode;
  };

  let onlyInputs = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (onlyInputs || !arg.startsWith('-')) {
      options.inputs.push(arg);
      continue;
    }
    if (arg === '-') {
      if (options.inputs.includes(STANDARD_INPUT)) throw new UsageError('"-" (standard input) is given more than once');
      options.inputs.push(STANDARD_INPUT);
      continue;
    }
    if (arg === '--') {
      onlyInputs = true;
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.startsWith('--') && eq !== -1 ? arg.slice(0, eq) : arg;
    const inlineValue = arg.startsWith('--') && eq !== -1 ? arg.slice(eq + 1) : undefined;
    const value = (): string => {
      if (inlineValue !== undefined) return inlineValue;
      const next = argv[i + 1];
      if (next === undefined) throw new UsageError(`${name} needs a value`);
      i++;
      return next;
    };
    const noValue = (): void => {
      if (inlineValue !== undefined) throw new UsageError(`${name} takes no value`);
    };
    switch (name) {
      case '-h':
      case '--help':
        noValue();
        options.help = true;
        break;
      case '-V':
      case '--version':
        noValue();
        options.version = true;
        break;
      case '-b':
      case '--base':
        options.base = value();
        break;
      case '--relative-to':
        options.relativeTo = value();
        break;
      case '-e':
      case '--encoding':
        options.encoding = value();
        break;
      case '-j':
      case '--json':
        noValue();
        setMode('--json', { kind: 'json' });
        break;
      case '--validate':
        noValue();
        setMode('--validate', { kind: 'validate' });
        break;
      case '-d':
      case '--display':
        noValue();
        setMode('--display', { kind: 'component', component: 'display' });
        break;
      case '-p':
      case '--pattern':
        setMode('--pattern', { kind: 'pattern', pattern: value() });
        break;
      case '-c':
      case '--component': {
        const component = value();
        if (!isComponent(component)) {
          throw new UsageError(
            `unknown component ${JSON.stringify(component)}; expected one of: ${COMPONENTS.join(', ')}`,
          );
        }
        setMode('--component', { kind: 'component', component });
        break;
      }
      default:
        throw new UsageError(`unknown option ${JSON.stringify(name)} (use -- before a URL that starts with "-")`);
    }
  }
  return options;
}
