export default defineBackground(() => {
  // Intercept and sync arrive with the extension issue; the service worker stays idle until then.
});
