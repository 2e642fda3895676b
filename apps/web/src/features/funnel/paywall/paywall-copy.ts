/** Both paywalls' payment button: it shows the card form, then starts the trial (docs/copy.md). */
export const START_TRIAL = 'Start trial';
