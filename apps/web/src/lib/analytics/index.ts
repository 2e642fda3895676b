export { trackAdEvent } from './adEvents';
export { scrollDepthTenths, useScrollDepthTracking } from './scrollDepth';
export { track } from './track';
