// Features import brand values from here, so the web app has one place to read them from.
export { brand } from '@stillpoint/core';
