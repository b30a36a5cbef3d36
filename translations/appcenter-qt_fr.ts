<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr" sourcelanguage="en">
<context>
    <name></name>
    <message>
        <source>Categories</source>
        <comment>All applications</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Categories</source>
        <comment>Multimedia</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Categories</source>
        <comment>Development</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Categories</source>
        <comment>Education</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Categories</source>
        <comment>Games</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Categories</source>
        <comment>Graphics</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Categories</source>
        <comment>Internet</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Categories</source>
        <comment>Office</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Categories</source>
        <comment>Science</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Categories</source>
        <comment>Settings</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Categories</source>
        <comment>System</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Categories</source>
        <comment>Utilities</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Errors</source>
        <comment>The package manager service (PackageKit) is not running or not installed.</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Errors</source>
        <comment>The package manager service stopped unexpectedly.</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Errors</source>
        <comment>You are not allowed to install or remove software.</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Errors</source>
        <comment>Another program is installing or updating software. Try again later.</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Errors</source>
        <comment>The package could not be downloaded. Check the network.</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Errors</source>
        <comment>The package was not found in the configured sources.</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Errors</source>
        <comment>The operation was cancelled.</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Errors</source>
        <comment>The package manager did not answer in time.</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Errors</source>
        <comment>The catalog names a package that is not valid.</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Errors</source>
        <comment>The operation failed.</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transactions</source>
        <comment>Downloading</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transactions</source>
        <comment>Installing</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transactions</source>
        <comment>Removing</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transactions</source>
        <comment>Waiting</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transactions</source>
        <comment>Finishing</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transactions</source>
        <comment>Preparing removal</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transactions</source>
        <comment>Preparing installation</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transactions</source>
        <comment>installed</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transactions</source>
        <comment>removed</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transactions</source>
        <comment>updated</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transactions</source>
        <comment>downgraded</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transactions</source>
        <comment>reinstalled</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transactions</source>
        <comment>changed</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transactions</source>
        <comment>%1 %2 (%3)</comment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>App</name>
    <message>
        <source>Installing and removing is off: appcenter-qt was started with --backend none.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Installing and removing is unavailable: the PackageKit backend could not start.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AppCard</name>
    <message>
        <source>(%L1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No ratings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Installed</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AppPage</name>
    <message>
        <source>This application is not in the catalog.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ratings: %L1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No ratings yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Install</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Install %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Launch %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ratings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Score %1 of 5 (average %2)</source>
        <extracomment>the Bayesian lower-bound score on a 1 to 5 scale, and the plain average</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nobody has rated this application yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ★</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Package</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Available</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>License</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Categories</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Website</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>BrowsePage</name>
    <message>
        <source>Search results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Applications: %L1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sort order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Best match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>By name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>By rating</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All in this category</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Applications</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading applications</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No applications match “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No applications in this category</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Try a different word, or fewer words.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CategoryList</name>
    <message>
        <source>Categories</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2 applications</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ErrorBanner</name>
    <message>
        <source>Dismiss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dismiss error</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Main</name>
    <message>
        <source>%1 — Applications</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Applications</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Work in progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running: %L1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show running installations and removals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Updates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Showing the built-in demo catalog</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other software changes too</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Installing this application also changes these packages:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProgressPanel</name>
    <message>
        <source>%1 — %2 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ScreenshotCarousel</name>
    <message>
        <source>Screenshots</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Screenshot not available</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous screenshot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next screenshot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Screenshot %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SearchField</name>
    <message>
        <source>Search applications…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search applications</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StarRating</name>
    <message>
        <source>Rated %1 out of 5</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>UpdatesPage</name>
    <message>
        <source>Updates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Updates are not available yet in this version of the application center.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your system is up to date.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
