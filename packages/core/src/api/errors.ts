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
