// Template 'classic': module-federation remote (see ../_kit/remote-config.ts).
import { remoteConfig } from "../_kit/remote-config.ts";

export default remoteConfig("classic");
