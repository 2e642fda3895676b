export {
  areAdEventsAllowed,
  type ConsentChoice,
  isAnalyticsAllowed,
  readConsent,
  setConsent,
  setConsentNeeded,
} from './consent';
