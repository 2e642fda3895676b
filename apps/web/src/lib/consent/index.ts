export {
  areAdEventsAllowed,
  type ConsentChoice,
  isAnalyticsAllowed,
  isConsentNeeded,
  readConsent,
  setConsent,
  setConsentNeeded,
  setVisitorCountry,
  subscribeConsent,
  whenTrackingAllowed,
} from './consent';
