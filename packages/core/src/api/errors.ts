export interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
}

/**
 * One line a person can read from a failed parse: 'budget: budget must be at least 1; Unrecognized
 * key: "x"'. The server puts it in the 400 envelope's error; forms can show it as is.
 */
export function describeIssues(issues: readonly IssueLike[]): string {
  return issues
    .map((issue) => {
      const path = issue.path.map(String).join('.');
      return path && !issue.message.startsWith(path) ? `${path}: ${issue.message}` : issue.message;
    })
    .join('; ');
}

/** The 400's sentence for input that failed its check: "Invalid body: siteOrigin: Enter a site like …". */
export const invalidInputMessage = (part: string, described: string): string =>
  `Invalid ${part}: ${described}.`;

const INVALID_INPUT = /^Invalid (?:body|query|request|params|headers): (?:[\w.[\]-]+: )?([\s\S]+)\.$/;

/**
 * What a person reads of such a 400: the one problem in its own words ("Enter a site like …"),
 * without the part and field names that are there for developers. Several problems, or any other
 * message, stay as they are.
 */
export function readableInvalidInput(message: string): string {
  const problem = INVALID_INPUT.exec(message)?.[1];
  if (!problem || problem.includes('; ')) return message;
  return /[.!?…]$/.test(problem) ? problem : `${problem}.`;
}
