/** The limits of alerts (docs/api.md "Alerts"); the per-person cap and radii are the contract's. */

/** New `alert.match` notifications (each with its push and mail) one alert may cause in 24 hours; later matches that day are recorded only. */
export const ALERT_MESSAGES_PER_DAY = 3;

/** An alert whose owner has not used a session for this many days matches nothing until they do. */
export const DORMANT_AFTER_DAYS = 30;

/** Kilometres per degree of latitude (WGS 84 mean), for an alert's bounding box. */
export const KM_PER_DEGREE = 111.32;
