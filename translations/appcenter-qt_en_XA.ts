<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_XA" sourcelanguage="en">
    <context>
        <name />
        <message>
            <source>Categories</source>
            <comment>All applications</comment>
            <translation>[Çåţéĝöŕîéš ···]</translation>
        </message>
        <message>
            <source>Categories</source>
            <comment>Multimedia</comment>
            <translation>[Çåţéĝöŕîéš ···]</translation>
        </message>
        <message>
            <source>Categories</source>
            <comment>Development</comment>
            <translation>[Çåţéĝöŕîéš ···]</translation>
        </message>
        <message>
            <source>Categories</source>
            <comment>Education</comment>
            <translation>[Çåţéĝöŕîéš ···]</translation>
        </message>
        <message>
            <source>Categories</source>
            <comment>Games</comment>
            <translation>[Çåţéĝöŕîéš ···]</translation>
        </message>
        <message>
            <source>Categories</source>
            <comment>Graphics</comment>
            <translation>[Çåţéĝöŕîéš ···]</translation>
        </message>
        <message>
            <source>Categories</source>
            <comment>Internet</comment>
            <translation>[Çåţéĝöŕîéš ···]</translation>
        </message>
        <message>
            <source>Categories</source>
            <comment>Office</comment>
            <translation>[Çåţéĝöŕîéš ···]</translation>
        </message>
        <message>
            <source>Categories</source>
            <comment>Science</comment>
            <translation>[Çåţéĝöŕîéš ···]</translation>
        </message>
        <message>
            <source>Categories</source>
            <comment>Settings</comment>
            <translation>[Çåţéĝöŕîéš ···]</translation>
        </message>
        <message>
            <source>Categories</source>
            <comment>System</comment>
            <translation>[Çåţéĝöŕîéš ···]</translation>
        </message>
        <message>
            <source>Categories</source>
            <comment>Utilities</comment>
            <translation>[Çåţéĝöŕîéš ···]</translation>
        </message>
        <message>
            <source>Errors</source>
            <comment>The package manager service (PackageKit) is not running or not installed.</comment>
            <translation>[Éŕŕöŕš ··]</translation>
        </message>
        <message>
            <source>Errors</source>
            <comment>The package manager service stopped unexpectedly.</comment>
            <translation>[Éŕŕöŕš ··]</translation>
        </message>
        <message>
            <source>Errors</source>
            <comment>You are not allowed to install or remove software.</comment>
            <translation>[Éŕŕöŕš ··]</translation>
        </message>
        <message>
            <source>Errors</source>
            <comment>Another program is installing or updating software. Try again later.</comment>
            <translation>[Éŕŕöŕš ··]</translation>
        </message>
        <message>
            <source>Errors</source>
            <comment>The package could not be downloaded. Check the network.</comment>
            <translation>[Éŕŕöŕš ··]</translation>
        </message>
        <message>
            <source>Errors</source>
            <comment>The package was not found in the configured sources.</comment>
            <translation>[Éŕŕöŕš ··]</translation>
        </message>
        <message>
            <source>Errors</source>
            <comment>The operation was cancelled.</comment>
            <translation>[Éŕŕöŕš ··]</translation>
        </message>
        <message>
            <source>Errors</source>
            <comment>The package manager did not answer in time.</comment>
            <translation>[Éŕŕöŕš ··]</translation>
        </message>
        <message>
            <source>Errors</source>
            <comment>The catalog names a package that is not valid.</comment>
            <translation>[Éŕŕöŕš ··]</translation>
        </message>
        <message>
            <source>Errors</source>
            <comment>The operation failed.</comment>
            <translation>[Éŕŕöŕš ··]</translation>
        </message>
        <message>
            <source>Transactions</source>
            <comment>Downloading</comment>
            <translation>[Ţŕåñšåçţîöñš ····]</translation>
        </message>
        <message>
            <source>Transactions</source>
            <comment>Installing</comment>
            <translation>[Ţŕåñšåçţîöñš ····]</translation>
        </message>
        <message>
            <source>Transactions</source>
            <comment>Removing</comment>
            <translation>[Ţŕåñšåçţîöñš ····]</translation>
        </message>
        <message>
            <source>Transactions</source>
            <comment>Waiting</comment>
            <translation>[Ţŕåñšåçţîöñš ····]</translation>
        </message>
        <message>
            <source>Transactions</source>
            <comment>Finishing</comment>
            <translation>[Ţŕåñšåçţîöñš ····]</translation>
        </message>
        <message>
            <source>Transactions</source>
            <comment>Preparing removal</comment>
            <translation>[Ţŕåñšåçţîöñš ····]</translation>
        </message>
        <message>
            <source>Transactions</source>
            <comment>Preparing installation</comment>
            <translation>[Ţŕåñšåçţîöñš ····]</translation>
        </message>
        <message>
            <source>Transactions</source>
            <comment>installed</comment>
            <translation>[Ţŕåñšåçţîöñš ····]</translation>
        </message>
        <message>
            <source>Transactions</source>
            <comment>removed</comment>
            <translation>[Ţŕåñšåçţîöñš ····]</translation>
        </message>
        <message>
            <source>Transactions</source>
            <comment>updated</comment>
            <translation>[Ţŕåñšåçţîöñš ····]</translation>
        </message>
        <message>
            <source>Transactions</source>
            <comment>downgraded</comment>
            <translation>[Ţŕåñšåçţîöñš ····]</translation>
        </message>
        <message>
            <source>Transactions</source>
            <comment>reinstalled</comment>
            <translation>[Ţŕåñšåçţîöñš ····]</translation>
        </message>
        <message>
            <source>Transactions</source>
            <comment>changed</comment>
            <translation>[Ţŕåñšåçţîöñš ····]</translation>
        </message>
        <message>
            <source>Transactions</source>
            <comment>%1 %2 (%3)</comment>
            <translation>[Ţŕåñšåçţîöñš ····]</translation>
        </message>
    </context>
    <context>
        <name>App</name>
        <message>
            <source>Installing and removing is off: appcenter-qt was started with --backend none.</source>
            <translation>[Îñšţåļļîñĝ åñđ ŕéɱöṽîñĝ îš öƒƒ: åþþçéñţéŕ-ǫţ ŵåš šţåŕţéđ ŵîţĥ --ƀåçķéñđ ñöñé. ·······················]</translation>
        </message>
        <message>
            <source>Installing and removing is unavailable: the PackageKit backend could not start.</source>
            <translation>[Îñšţåļļîñĝ åñđ ŕéɱöṽîñĝ îš ûñåṽåîļåƀļé: ţĥé ÞåçķåĝéĶîţ ƀåçķéñđ çöûļđ ñöţ šţåŕţ. ························]</translation>
        </message>
    </context>
    <context>
        <name>AppCard</name>
        <message>
            <source>(%L1)</source>
            <translation>[(%L1) ··]</translation>
        </message>
        <message>
            <source>No ratings</source>
            <translation>[Ñö ŕåţîñĝš ···]</translation>
        </message>
        <message>
            <source>Installed</source>
            <translation>[Îñšţåļļéđ ···]</translation>
        </message>
    </context>
    <context>
        <name>AppPage</name>
        <message>
            <source>This application is not in the catalog.</source>
            <translation>[Ţĥîš åþþļîçåţîöñ îš ñöţ îñ ţĥé çåţåļöĝ. ············]</translation>
        </message>
        <message>
            <source>Ratings: %L1</source>
            <translation>[Ŕåţîñĝš: %L1 ····]</translation>
        </message>
        <message>
            <source>No ratings yet</source>
            <translation>[Ñö ŕåţîñĝš ýéţ ····]</translation>
        </message>
        <message>
            <source>Install</source>
            <translation>[Îñšţåļļ ··]</translation>
        </message>
        <message>
            <source>Install %1</source>
            <translation>[Îñšţåļļ %1 ···]</translation>
        </message>
        <message>
            <source>Launch</source>
            <translation>[Ļåûñçĥ ··]</translation>
        </message>
        <message>
            <source>Launch %1</source>
            <translation>[Ļåûñçĥ %1 ···]</translation>
        </message>
        <message>
            <source>Remove</source>
            <translation>[Ŕéɱöṽé ··]</translation>
        </message>
        <message>
            <source>Remove %1</source>
            <translation>[Ŕéɱöṽé %1 ···]</translation>
        </message>
        <message>
            <source>Ratings</source>
            <translation>[Ŕåţîñĝš ··]</translation>
        </message>
        <message>
            <source>Score %1 of 5 (average %2)</source>
            <extracomment>the Bayesian lower-bound score on a 1 to 5 scale, and the plain average</extracomment>
            <translation>[Šçöŕé %1 öƒ 5 (åṽéŕåĝé %2) ········]</translation>
        </message>
        <message>
            <source>Nobody has rated this application yet.</source>
            <translation>[Ñöƀöđý ĥåš ŕåţéđ ţĥîš åþþļîçåţîöñ ýéţ. ···········]</translation>
        </message>
        <message>
            <source>%1 ★</source>
            <translation>[%1 ★ ·]</translation>
        </message>
        <message>
            <source>Package</source>
            <translation>[Þåçķåĝé ··]</translation>
        </message>
        <message>
            <source>Available</source>
            <translation>[Åṽåîļåƀļé ···]</translation>
        </message>
        <message>
            <source>Size</source>
            <translation>[Šîžé ·]</translation>
        </message>
        <message>
            <source>License</source>
            <translation>[Ļîçéñšé ··]</translation>
        </message>
        <message>
            <source>Categories</source>
            <translation>[Çåţéĝöŕîéš ···]</translation>
        </message>
        <message>
            <source>Website</source>
            <translation>[Ŵéƀšîţé ··]</translation>
        </message>
    </context>
    <context>
        <name>BrowsePage</name>
        <message>
            <source>Search results</source>
            <translation>[Šéåŕçĥ ŕéšûļţš ····]</translation>
        </message>
        <message>
            <source>Applications: %L1</source>
            <translation>[Åþþļîçåţîöñš: %L1 ·····]</translation>
        </message>
        <message>
            <source>Sort order</source>
            <translation>[Šöŕţ öŕđéŕ ···]</translation>
        </message>
        <message>
            <source>Best match</source>
            <translation>[Ɓéšţ ɱåţçĥ ···]</translation>
        </message>
        <message>
            <source>By name</source>
            <translation>[Ɓý ñåɱé ··]</translation>
        </message>
        <message>
            <source>By rating</source>
            <translation>[Ɓý ŕåţîñĝ ···]</translation>
        </message>
        <message>
            <source>All</source>
            <translation>[Åļļ ·]</translation>
        </message>
        <message>
            <source>All in this category</source>
            <translation>[Åļļ îñ ţĥîš çåţéĝöŕý ······]</translation>
        </message>
        <message>
            <source>%1 (%2)</source>
            <translation>[%1 (%2) ··]</translation>
        </message>
        <message>
            <source>Applications</source>
            <translation>[Åþþļîçåţîöñš ····]</translation>
        </message>
        <message>
            <source>Loading applications</source>
            <translation>[Ļöåđîñĝ åþþļîçåţîöñš ······]</translation>
        </message>
        <message>
            <source>No applications match “%1”</source>
            <translation>[Ñö åþþļîçåţîöñš ɱåţçĥ “%1” ········]</translation>
        </message>
        <message>
            <source>No applications in this category</source>
            <translation>[Ñö åþþļîçåţîöñš îñ ţĥîš çåţéĝöŕý ··········]</translation>
        </message>
        <message>
            <source>Try a different word, or fewer words.</source>
            <translation>[Ţŕý å đîƒƒéŕéñţ ŵöŕđ, öŕ ƒéŵéŕ ŵöŕđš. ···········]</translation>
        </message>
    </context>
    <context>
        <name>CategoryList</name>
        <message>
            <source>Categories</source>
            <translation>[Çåţéĝöŕîéš ···]</translation>
        </message>
        <message>
            <source>%1, %2 applications</source>
            <translation>[%1, %2 åþþļîçåţîöñš ······]</translation>
        </message>
    </context>
    <context>
        <name>ErrorBanner</name>
        <message>
            <source>Dismiss</source>
            <translation>[Đîšɱîšš ··]</translation>
        </message>
        <message>
            <source>Dismiss error</source>
            <translation>[Đîšɱîšš éŕŕöŕ ····]</translation>
        </message>
    </context>
    <context>
        <name>Main</name>
        <message>
            <source>%1 — Applications</source>
            <translation>[%1 — Åþþļîçåţîöñš ·····]</translation>
        </message>
        <message>
            <source>Applications</source>
            <translation>[Åþþļîçåţîöñš ····]</translation>
        </message>
        <message>
            <source>Back</source>
            <translation>[Ɓåçķ ·]</translation>
        </message>
        <message>
            <source>Work in progress</source>
            <translation>[Ŵöŕķ îñ þŕöĝŕéšš ·····]</translation>
        </message>
        <message>
            <source>Running: %L1</source>
            <translation>[Ŕûññîñĝ: %L1 ····]</translation>
        </message>
        <message>
            <source>Activity</source>
            <translation>[Åçţîṽîţý ··]</translation>
        </message>
        <message>
            <source>Show running installations and removals</source>
            <translation>[Šĥöŵ ŕûññîñĝ îñšţåļļåţîöñš åñđ ŕéɱöṽåļš ············]</translation>
        </message>
        <message>
            <source>Done</source>
            <translation>[Đöñé ·]</translation>
        </message>
        <message>
            <source>Updates</source>
            <translation>[Ûþđåţéš ··]</translation>
        </message>
        <message>
            <source>Showing the built-in demo catalog</source>
            <translation>[Šĥöŵîñĝ ţĥé ƀûîļţ-îñ đéɱö çåţåļöĝ ··········]</translation>
        </message>
        <message>
            <source>Other software changes too</source>
            <translation>[Öţĥéŕ šöƒţŵåŕé çĥåñĝéš ţöö ········]</translation>
        </message>
        <message>
            <source>Installing this application also changes these packages:</source>
            <translation>[Îñšţåļļîñĝ ţĥîš åþþļîçåţîöñ åļšö çĥåñĝéš ţĥéšé þåçķåĝéš: ·················]</translation>
        </message>
    </context>
    <context>
        <name>ProgressPanel</name>
        <message>
            <source>%1 — %2 %</source>
            <translation>[%1 — %2 % ···]</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>[Çåñçéļ ··]</translation>
        </message>
    </context>
    <context>
        <name>ScreenshotCarousel</name>
        <message>
            <source>Screenshots</source>
            <translation>[Šçŕééñšĥöţš ···]</translation>
        </message>
        <message>
            <source>Screenshot not available</source>
            <translation>[Šçŕééñšĥöţ ñöţ åṽåîļåƀļé ·······]</translation>
        </message>
        <message>
            <source>Previous screenshot</source>
            <translation>[Þŕéṽîöûš šçŕééñšĥöţ ······]</translation>
        </message>
        <message>
            <source>Next screenshot</source>
            <translation>[Ñéẋţ šçŕééñšĥöţ ····]</translation>
        </message>
        <message>
            <source>Screenshot %1 of %2</source>
            <translation>[Šçŕééñšĥöţ %1 öƒ %2 ······]</translation>
        </message>
    </context>
    <context>
        <name>SearchField</name>
        <message>
            <source>Search applications…</source>
            <translation>[Šéåŕçĥ åþþļîçåţîöñš… ······]</translation>
        </message>
        <message>
            <source>Search applications</source>
            <translation>[Šéåŕçĥ åþþļîçåţîöñš ······]</translation>
        </message>
    </context>
    <context>
        <name>StarRating</name>
        <message>
            <source>Rated %1 out of 5</source>
            <translation>[Ŕåţéđ %1 öûţ öƒ 5 ·····]</translation>
        </message>
    </context>
    <context>
        <name>UpdatesPage</name>
        <message>
            <source>Updates</source>
            <translation>[Ûþđåţéš ··]</translation>
        </message>
        <message>
            <source>Updates are not available yet in this version of the application center.</source>
            <translation>[Ûþđåţéš åŕé ñöţ åṽåîļåƀļé ýéţ îñ ţĥîš ṽéŕšîöñ öƒ ţĥé åþþļîçåţîöñ çéñţéŕ. ······················]</translation>
        </message>
        <message>
            <source>Your system is up to date.</source>
            <translation>[Ýöûŕ šýšţéɱ îš ûþ ţö đåţé. ········]</translation>
        </message>
    </context>
</TS>
