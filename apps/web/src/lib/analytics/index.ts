export { scrollDepthTenths, useScrollDepthTracking } from './scrollDepth';
export { isTrackingAllowed, setTrackingConsent, track } from './track';
