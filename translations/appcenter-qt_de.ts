<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de" sourcelanguage="en">
<context>
    <name>AddonList</name>
    <message>
        <source>Progress of %1</source>
        <translation>Fortschritt von %1</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Install</source>
        <translation>Installieren</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>%1 entfernen</translation>
    </message>
    <message>
        <source>Install %1</source>
        <translation>%1 installieren</translation>
    </message>
</context>
<context>
    <name>App</name>
    <message>
        <source>Installing and removing is off: appcenter-qt was started with --backend none.</source>
        <translation>Installieren und Entfernen ist aus: appcenter-qt wurde mit --backend none gestartet.</translation>
    </message>
    <message>
        <source>Installing and removing is unavailable: no package manager could start.</source>
        <translation>Installieren und Entfernen ist nicht möglich: Keine Paketverwaltung konnte starten.</translation>
    </message>
</context>
<context>
    <name>AppCard</name>
    <message numerus="yes">
        <source>%1 · %Ln rating(s)</source>
        <extracomment>the average of the votes on a 1 to 5 scale, and how many votes there are</extracomment>
        <translation>
            <numerusform>%1 · %Ln Bewertung</numerusform>
            <numerusform>%1 · %Ln Bewertungen</numerusform>
        </translation>
    </message>
    <message>
        <source>Installed</source>
        <translation>Installiert</translation>
    </message>
    <message>
        <source>Update available</source>
        <extracomment>on a card: installed, and the update check found a newer version</extracomment>
        <translation>Aktualisierung verfügbar</translation>
    </message>
</context>
<context>
    <name>AppPage</name>
    <message>
        <source>All ages</source>
        <extracomment>the content rating: the youngest age the application suits</extracomment>
        <translation>Alle Altersstufen</translation>
    </message>
    <message>
        <source>Ages %1+</source>
        <translation>Ab %1 Jahren</translation>
    </message>
    <message>
        <source>Free software</source>
        <translation>Freie Software</translation>
    </message>
    <message>
        <source>Proprietary</source>
        <translation>Proprietär</translation>
    </message>
    <message>
        <source>Unknown license</source>
        <translation>Unbekannte Lizenz</translation>
    </message>
    <message>
        <source>This application is not in the catalog.</source>
        <translation>Diese Anwendung ist nicht im Katalog.</translation>
    </message>
    <message>
        <source>Version %1</source>
        <extracomment>the application&apos;s version on its page, e.g. &quot;Version 43.1&quot;</extracomment>
        <translation>Version %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %Ln rating(s)</source>
        <extracomment>the average of the votes on a 1 to 5 scale, and how many votes there are</extracomment>
        <translation>
            <numerusform>%1 · %Ln Bewertung</numerusform>
            <numerusform>%1 · %Ln Bewertungen</numerusform>
        </translation>
    </message>
    <message>
        <source>No ratings yet</source>
        <translation>Noch keine Bewertungen</translation>
    </message>
    <message>
        <source>Install</source>
        <translation>Installieren</translation>
    </message>
    <message>
        <source>Install %1</source>
        <translation>%1 installieren</translation>
    </message>
    <message>
        <source>Launch</source>
        <translation>Starten</translation>
    </message>
    <message>
        <source>Launch %1</source>
        <translation>%1 starten</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>%1 entfernen</translation>
    </message>
    <message>
        <source>About %1</source>
        <extracomment>the heading over the application&apos;s description</extracomment>
        <translation>Über %1</translation>
    </message>
    <message>
        <source>Add-ons</source>
        <translation>Erweiterungen</translation>
    </message>
    <message>
        <source>What&apos;s new</source>
        <translation>Neuigkeiten</translation>
    </message>
    <message>
        <source>Ratings</source>
        <translation>Bewertungen</translation>
    </message>
    <message>
        <source>Nobody has rated this application yet.</source>
        <translation>Niemand hat diese Anwendung bisher bewertet.</translation>
    </message>
    <message>
        <source>%1 stars: %L2</source>
        <translation>%1 Sterne: %L2</translation>
    </message>
    <message>
        <source>%1 ★</source>
        <translation>%1 ★</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>Package</source>
        <translation>Paket</translation>
    </message>
    <message>
        <source>Available</source>
        <translation>Verfügbar</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>Version</translation>
    </message>
    <message>
        <source>Download size</source>
        <translation>Downloadgröße</translation>
    </message>
    <message>
        <source>Installed size</source>
        <translation>Installierte Größe</translation>
    </message>
    <message>
        <source>License</source>
        <translation>Lizenz</translation>
    </message>
    <message>
        <source>Read the license</source>
        <translation>Lizenz lesen</translation>
    </message>
    <message>
        <source>Age rating</source>
        <translation>Altersfreigabe</translation>
    </message>
    <message>
        <source>Categories</source>
        <translation>Kategorien</translation>
    </message>
    <message>
        <source>Website</source>
        <translation>Webseite</translation>
    </message>
    <message>
        <source>Report a problem</source>
        <translation>Problem melden</translation>
    </message>
    <message>
        <source>Help</source>
        <translation>Hilfe</translation>
    </message>
    <message>
        <source>Questions and answers</source>
        <translation>Fragen und Antworten</translation>
    </message>
    <message>
        <source>Donate</source>
        <translation>Spenden</translation>
    </message>
    <message>
        <source>Translate</source>
        <translation>Übersetzen</translation>
    </message>
    <message>
        <source>Contact</source>
        <translation>Kontakt</translation>
    </message>
    <message>
        <source>Source code</source>
        <translation>Quelltext</translation>
    </message>
    <message>
        <source>Contribute</source>
        <translation>Mitmachen</translation>
    </message>
    <message>
        <source>Cartoon violence</source>
        <translation>Comic-Gewalt</translation>
    </message>
    <message>
        <source>Fantasy violence</source>
        <translation>Fantasy-Gewalt</translation>
    </message>
    <message>
        <source>Realistic violence</source>
        <translation>Realistische Gewalt</translation>
    </message>
    <message>
        <source>Bloodshed</source>
        <translation>Blutvergießen</translation>
    </message>
    <message>
        <source>Sexual violence</source>
        <translation>Sexuelle Gewalt</translation>
    </message>
    <message>
        <source>Desecration of human remains</source>
        <translation>Schändung menschlicher Überreste</translation>
    </message>
    <message>
        <source>Depictions of slavery</source>
        <translation>Darstellung von Sklaverei</translation>
    </message>
    <message>
        <source>Destruction of places of worship</source>
        <translation>Zerstörung von Gotteshäusern</translation>
    </message>
    <message>
        <source>References to alcohol</source>
        <translation>Bezüge zu Alkohol</translation>
    </message>
    <message>
        <source>References to illicit drugs</source>
        <translation>Bezüge zu illegalen Drogen</translation>
    </message>
    <message>
        <source>References to tobacco</source>
        <translation>Bezüge zu Tabak</translation>
    </message>
    <message>
        <source>Nudity</source>
        <translation>Nacktheit</translation>
    </message>
    <message>
        <source>Sexual themes</source>
        <translation>Sexuelle Themen</translation>
    </message>
    <message>
        <source>Homosexual themes</source>
        <translation>Homosexuelle Themen</translation>
    </message>
    <message>
        <source>Prostitution</source>
        <translation>Prostitution</translation>
    </message>
    <message>
        <source>Adultery</source>
        <translation>Ehebruch</translation>
    </message>
    <message>
        <source>Sexualized characters</source>
        <translation>Sexualisierte Figuren</translation>
    </message>
    <message>
        <source>Profanity</source>
        <translation>Vulgäre Sprache</translation>
    </message>
    <message>
        <source>Crude humor</source>
        <translation>Derber Humor</translation>
    </message>
    <message>
        <source>Discriminatory language</source>
        <translation>Diskriminierende Sprache</translation>
    </message>
    <message>
        <source>Advertising</source>
        <translation>Werbung</translation>
    </message>
    <message>
        <source>Gambling</source>
        <translation>Glücksspiel</translation>
    </message>
    <message>
        <source>In-app purchases</source>
        <translation>In-App-Käufe</translation>
    </message>
    <message>
        <source>Chat with other people</source>
        <translation>Chat mit anderen Personen</translation>
    </message>
    <message>
        <source>Voice or video chat with other people</source>
        <translation>Sprach- oder Videochat mit anderen Personen</translation>
    </message>
    <message>
        <source>Sharing social media or contacts</source>
        <translation>Teilen von sozialen Medien oder Kontakten</translation>
    </message>
    <message>
        <source>Sharing personal information</source>
        <translation>Teilen persönlicher Daten</translation>
    </message>
    <message>
        <source>Sharing your location</source>
        <translation>Teilen Ihres Standorts</translation>
    </message>
    <message>
        <source>%1 (mild)</source>
        <translation>%1 (leicht)</translation>
    </message>
    <message>
        <source>%1 (moderate)</source>
        <translation>%1 (mäßig)</translation>
    </message>
    <message>
        <source>%1 (intense)</source>
        <translation>%1 (stark)</translation>
    </message>
    <message>
        <source>Development release</source>
        <translation>Entwicklungsversion</translation>
    </message>
    <message>
        <source>Snapshot</source>
        <translation>Vorabversion</translation>
    </message>
</context>
<context>
    <name>AppShelf</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: previous applications</source>
        <translation>%1: vorherige Anwendungen</translation>
    </message>
    <message>
        <source>%1: more applications</source>
        <translation>%1: weitere Anwendungen</translation>
    </message>
</context>
<context>
    <name>AutomaticUpdates</name>
    <message>
        <source>Automatic updates failed on %1: %2</source>
        <extracomment>%1 is a date, %2 the reason (the package source&apos;s own words)</extracomment>
        <translation>Automatische Aktualisierungen sind am %1 fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>%n application(s) were updated automatically on %1.</source>
        <extracomment>%1 is a date</extracomment>
        <translation>%n Anwendung(en) wurde(n) am %1 automatisch aktualisiert.</translation>
    </message>
    <message>
        <source>%n application component(s) were updated automatically on %1.</source>
        <extracomment>runtimes and other shared parts of applications; %1 is a date</extracomment>
        <translation>%n Anwendungsbestandteil(e) wurde(n) am %1 automatisch aktualisiert.</translation>
    </message>
</context>
<context>
    <name>BrowsePage</name>
    <message>
        <source>Search results</source>
        <translation>Suchergebnisse</translation>
    </message>
    <message numerus="yes">
        <source>%Ln application(s)</source>
        <translation>
            <numerusform>%Ln Anwendung</numerusform>
            <numerusform>%Ln Anwendungen</numerusform>
        </translation>
    </message>
    <message>
        <source>Sort order</source>
        <translation>Sortierung</translation>
    </message>
    <message>
        <source>Best match</source>
        <translation>Beste Treffer</translation>
    </message>
    <message>
        <source>By name</source>
        <translation>Nach Name</translation>
    </message>
    <message>
        <source>By rating</source>
        <translation>Nach Bewertung</translation>
    </message>
    <message>
        <source>All</source>
        <translation>Alle</translation>
    </message>
    <message>
        <source>All in this category</source>
        <translation>Alle in dieser Kategorie</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1, %2 applications</source>
        <translation>%1, %2 Anwendungen</translation>
    </message>
    <message>
        <source>Applications</source>
        <translation>Anwendungen</translation>
    </message>
    <message>
        <source>Loading applications</source>
        <translation>Anwendungen werden geladen</translation>
    </message>
    <message>
        <source>No applications match “%1”</source>
        <translation>Keine Anwendungen passen zu „%1“</translation>
    </message>
    <message>
        <source>No applications in this category</source>
        <translation>Keine Anwendungen in dieser Kategorie</translation>
    </message>
    <message>
        <source>Try a different word, or fewer words.</source>
        <translation>Versuchen Sie ein anderes Wort oder weniger Wörter.</translation>
    </message>
</context>
<context>
    <name>CatalogProgress</name>
    <message>
        <source>Preparing the catalog…</source>
        <translation>Katalog wird vorbereitet …</translation>
    </message>
    <message>
        <source>Reading the applications this system offers. This is only needed once, and again after the software sources change.</source>
        <translation>Die Anwendungen dieses Systems werden eingelesen. Das ist nur einmal nötig und erneut, wenn sich die Softwarequellen ändern.</translation>
    </message>
</context>
<context>
    <name>Categories</name>
    <message>
        <source>All applications</source>
        <translation>Alle Anwendungen</translation>
    </message>
    <message>
        <source>Multimedia</source>
        <translation>Multimedia</translation>
    </message>
    <message>
        <source>Development</source>
        <translation>Entwicklung</translation>
    </message>
    <message>
        <source>Education</source>
        <translation>Bildung</translation>
    </message>
    <message>
        <source>Games</source>
        <translation>Spiele</translation>
    </message>
    <message>
        <source>Graphics</source>
        <translation>Grafik</translation>
    </message>
    <message>
        <source>Internet</source>
        <translation>Internet</translation>
    </message>
    <message>
        <source>Office</source>
        <translation>Büro</translation>
    </message>
    <message>
        <source>Science</source>
        <translation>Wissenschaft</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>System</source>
        <translation>System</translation>
    </message>
    <message>
        <source>Utilities</source>
        <translation>Dienstprogramme</translation>
    </message>
</context>
<context>
    <name>CategoryList</name>
    <message>
        <source>Categories</source>
        <translation>Kategorien</translation>
    </message>
    <message>
        <source>%1, %2 applications</source>
        <translation>%1, %2 Anwendungen</translation>
    </message>
</context>
<context>
    <name>ErrorBanner</name>
    <message>
        <source>Dismiss</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Dismiss error</source>
        <translation>Fehlermeldung schließen</translation>
    </message>
</context>
<context>
    <name>Errors</name>
    <message>
        <source>The package manager service is not running or not installed.</source>
        <translation>Der Paketverwaltungsdienst läuft nicht oder ist nicht installiert.</translation>
    </message>
    <message>
        <source>The package manager service stopped unexpectedly.</source>
        <translation>Der Paketverwaltungsdienst wurde unerwartet beendet.</translation>
    </message>
    <message>
        <source>You are not allowed to install or remove software.</source>
        <translation>Sie dürfen keine Software installieren oder entfernen.</translation>
    </message>
    <message>
        <source>Another program is installing or updating software. Try again later.</source>
        <translation>Ein anderes Programm installiert oder aktualisiert gerade Software. Versuchen Sie es später erneut.</translation>
    </message>
    <message>
        <source>The package could not be downloaded. Check the network.</source>
        <translation>Das Paket konnte nicht heruntergeladen werden. Prüfen Sie die Netzwerkverbindung.</translation>
    </message>
    <message>
        <source>The package was not found in the configured sources.</source>
        <translation>Das Paket wurde in den eingerichteten Quellen nicht gefunden.</translation>
    </message>
    <message>
        <source>The operation was cancelled.</source>
        <translation>Der Vorgang wurde abgebrochen.</translation>
    </message>
    <message>
        <source>The package manager did not answer in time.</source>
        <translation>Die Paketverwaltung hat nicht rechtzeitig geantwortet.</translation>
    </message>
    <message>
        <source>The catalog names a package that is not valid.</source>
        <translation>Der Katalog nennt ein ungültiges Paket.</translation>
    </message>
    <message>
        <source>The operation failed.</source>
        <translation>Der Vorgang ist fehlgeschlagen.</translation>
    </message>
</context>
<context>
    <name>FeaturedBanner</name>
    <message>
        <source>Featured applications</source>
        <translation>Empfohlene Anwendungen</translation>
    </message>
    <message>
        <source>Previous featured application</source>
        <translation>Vorherige empfohlene Anwendung</translation>
    </message>
    <message>
        <source>Next featured application</source>
        <translation>Nächste empfohlene Anwendung</translation>
    </message>
</context>
<context>
    <name>Home</name>
    <message>
        <source>Popular in %1</source>
        <extracomment>The banner shows this many featured applications; the rest of a configured list is the &quot;Editor&apos;s picks&quot; row (a catalog without ratings has no other rows but Recently updated). A &quot;Popular in&quot; row with fewer rated applications than this is left out.</extracomment>
        <translation>Beliebt in %1</translation>
    </message>
    <message>
        <source>Recently updated is not shown: this catalog records no release dates.</source>
        <translation>„Kürzlich aktualisiert“ fehlt: Dieser Katalog kennt keine Veröffentlichungsdaten.</translation>
    </message>
</context>
<context>
    <name>HomePage</name>
    <message>
        <source>Home</source>
        <translation>Startseite</translation>
    </message>
    <message>
        <source>Featured</source>
        <translation>Empfohlen</translation>
    </message>
    <message>
        <source>Top rated</source>
        <translation>Am besten bewertet</translation>
    </message>
    <message>
        <source>All applications</source>
        <translation>Alle Anwendungen</translation>
    </message>
    <message>
        <source>Show all applications</source>
        <translation>Alle Anwendungen anzeigen</translation>
    </message>
    <message>
        <source>Editor&apos;s picks</source>
        <translation>Empfehlungen der Redaktion</translation>
    </message>
    <message>
        <source>See all</source>
        <translation>Alle anzeigen</translation>
    </message>
    <message>
        <source>Recently updated</source>
        <translation>Kürzlich aktualisiert</translation>
    </message>
    <message>
        <source>Categories</source>
        <translation>Kategorien</translation>
    </message>
    <message>
        <source>%1, %2 applications</source>
        <translation>%1, %2 Anwendungen</translation>
    </message>
    <message>
        <source>Loading applications</source>
        <translation>Anwendungen werden geladen</translation>
    </message>
</context>
<context>
    <name>Installed</name>
    <message>
        <source>Installed or updated %1</source>
        <extracomment>Desktop-only rows get ids no catalog uses, so a click cannot open a wrong page.</extracomment>
        <translation>Installiert oder aktualisiert am %1</translation>
    </message>
</context>
<context>
    <name>InstalledPage</name>
    <message>
        <source>Installed</source>
        <translation>Installiert</translation>
    </message>
    <message numerus="yes">
        <source>%Ln application(s)</source>
        <translation>
            <numerusform>%Ln Anwendung</numerusform>
            <numerusform>%Ln Anwendungen</numerusform>
        </translation>
    </message>
    <message>
        <source>Sort order</source>
        <translation>Sortierung</translation>
    </message>
    <message>
        <source>By name</source>
        <translation>Nach Name</translation>
    </message>
    <message>
        <source>By size</source>
        <translation>Nach Größe</translation>
    </message>
    <message>
        <source>By date</source>
        <translation>Nach Datum</translation>
    </message>
    <message>
        <source>Installed applications</source>
        <translation>Installierte Anwendungen</translation>
    </message>
    <message>
        <source>From %1</source>
        <translation>Aus %1</translation>
    </message>
    <message>
        <source>Update available</source>
        <extracomment>beside an installed application&apos;s name: the update check found a newer version</extracomment>
        <translation>Aktualisierung verfügbar</translation>
    </message>
    <message>
        <source>Removing %1</source>
        <translation>%1 wird entfernt</translation>
    </message>
    <message>
        <source>Launch</source>
        <translation>Starten</translation>
    </message>
    <message>
        <source>Launch %1</source>
        <translation>%1 starten</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>%1 entfernen</translation>
    </message>
    <message>
        <source>No package of this application is known, so it cannot be removed here.</source>
        <translation>Kein Paket dieser Anwendung ist bekannt, daher kann sie hier nicht entfernt werden.</translation>
    </message>
    <message>
        <source>Loading applications</source>
        <translation>Anwendungen werden geladen</translation>
    </message>
    <message>
        <source>No installed applications were found.</source>
        <translation>Es wurden keine installierten Anwendungen gefunden.</translation>
    </message>
    <message>
        <source>Remove %1?</source>
        <translation>%1 entfernen?</translation>
    </message>
    <message>
        <source>%1 will be removed from this computer. Your own files are kept.</source>
        <translation>%1 wird von diesem Rechner entfernt. Ihre eigenen Dateien bleiben erhalten.</translation>
    </message>
</context>
<context>
    <name>KindBadge</name>
    <message>
        <source>Security</source>
        <extracomment>Badge of an update that fixes a security problem</extracomment>
        <translation>Sicherheit</translation>
    </message>
    <message>
        <source>Important</source>
        <translation>Wichtig</translation>
    </message>
    <message>
        <source>Bug fix</source>
        <translation>Fehlerbehebung</translation>
    </message>
    <message>
        <source>Enhancement</source>
        <translation>Verbesserung</translation>
    </message>
</context>
<context>
    <name>Main</name>
    <message>
        <source>%1 — Applications</source>
        <translation>%1 — Anwendungen</translation>
    </message>
    <message>
        <source>Applications</source>
        <translation>Anwendungen</translation>
    </message>
    <message>
        <source>Categories</source>
        <translation>Kategorien</translation>
    </message>
    <message>
        <source>Show categories and updates</source>
        <translation>Kategorien und Aktualisierungen zeigen</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Zurück</translation>
    </message>
    <message>
        <source>Work in progress</source>
        <translation>Laufende Vorgänge</translation>
    </message>
    <message>
        <source>Running: %L1</source>
        <translation>Laufend: %L1</translation>
    </message>
    <message>
        <source>Activity</source>
        <translation>Aktivität</translation>
    </message>
    <message>
        <source>Show running installations and removals</source>
        <translation>Laufende Installationen und Entfernungen anzeigen</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Fertig</translation>
    </message>
    <message>
        <source>Home</source>
        <translation>Startseite</translation>
    </message>
    <message>
        <source>Updates</source>
        <translation>Aktualisierungen</translation>
    </message>
    <message numerus="yes">
        <source>Updates: %n available</source>
        <translation>
            <numerusform>Aktualisierungen: %n verfügbar</numerusform>
            <numerusform>Aktualisierungen: %n verfügbar</numerusform>
        </translation>
    </message>
    <message>
        <source>Installed</source>
        <translation>Installiert</translation>
    </message>
    <message numerus="yes">
        <source>Installed: %n application(s)</source>
        <translation>
            <numerusform>Installiert: %n Anwendung</numerusform>
            <numerusform>Installiert: %n Anwendungen</numerusform>
        </translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>Quellen</translation>
    </message>
    <message>
        <source>Showing the built-in demo catalog</source>
        <translation>Der eingebaute Demo-Katalog wird angezeigt</translation>
    </message>
    <message>
        <source>This system&apos;s catalog could not be prepared, so demo applications are shown. Reason: %1</source>
        <translation>Der Katalog dieses Systems konnte nicht vorbereitet werden, daher werden Demo-Anwendungen angezeigt. Grund: %1</translation>
    </message>
    <message>
        <source>This system&apos;s catalog could not be updated, so the previous one is shown. Reason: %1</source>
        <translation>Der Katalog dieses Systems konnte nicht aktualisiert werden, daher wird der vorherige angezeigt. Grund: %1</translation>
    </message>
    <message>
        <source>Updating the catalog with the sources&apos; applications…</source>
        <translation>Der Katalog wird mit den Anwendungen der Quellen aktualisiert …</translation>
    </message>
    <message>
        <source>Other software changes too</source>
        <translation>Auch andere Software ändert sich</translation>
    </message>
    <message>
        <source>Removing this application also changes these packages:</source>
        <translation>Das Entfernen dieser Anwendung ändert auch diese Pakete:</translation>
    </message>
    <message>
        <source>Installing this application also changes these packages:</source>
        <translation>Die Installation dieser Anwendung ändert auch diese Pakete:</translation>
    </message>
</context>
<context>
    <name>Permissions</name>
    <message>
        <source>Can run programs outside its sandbox</source>
        <translation>Kann Programme außerhalb ihrer Sandbox starten</translation>
    </message>
    <message>
        <source>Full file system read/write access</source>
        <translation>Lese- und Schreibzugriff auf das ganze Dateisystem</translation>
    </message>
    <message>
        <source>Full file system read access</source>
        <translation>Lesezugriff auf das ganze Dateisystem</translation>
    </message>
    <message>
        <source>Home folder read/write access</source>
        <translation>Lese- und Schreibzugriff auf den Persönlichen Ordner</translation>
    </message>
    <message>
        <source>Home folder read access</source>
        <translation>Lesezugriff auf den Persönlichen Ordner</translation>
    </message>
    <message>
        <source>Download folder read/write access</source>
        <translation>Lese- und Schreibzugriff auf den Download-Ordner</translation>
    </message>
    <message>
        <source>Download folder read access</source>
        <translation>Lesezugriff auf den Download-Ordner</translation>
    </message>
    <message>
        <source>Access to some other folders</source>
        <translation>Zugriff auf einige andere Ordner</translation>
    </message>
    <message>
        <source>Uses system services (system bus)</source>
        <translation>Nutzt Systemdienste (Systembus)</translation>
    </message>
    <message>
        <source>Uses every session service (session bus)</source>
        <translation>Nutzt alle Dienste der Sitzung (Sitzungsbus)</translation>
    </message>
    <message>
        <source>Access to devices such as webcams or gaming controllers</source>
        <translation>Zugriff auf Geräte wie Webcams oder Gamecontroller</translation>
    </message>
    <message>
        <source>Uses a legacy windowing system (X11): can see other windows</source>
        <translation>Nutzt ein veraltetes Fenstersystem (X11): kann andere Fenster sehen</translation>
    </message>
    <message>
        <source>Network access</source>
        <translation>Netzwerkzugriff</translation>
    </message>
    <message>
        <source>Can change the desktop&apos;s settings</source>
        <translation>Kann die Einstellungen der Arbeitsumgebung ändern</translation>
    </message>
    <message>
        <source>No special permissions (sandboxed)</source>
        <translation>Keine besonderen Berechtigungen (in einer Sandbox)</translation>
    </message>
</context>
<context>
    <name>ProgressPanel</name>
    <message>
        <source>%1 — %2 %</source>
        <translation>%1 — %2 %</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
</context>
<context>
    <name>ReleaseList</name>
    <message>
        <source>Version %1 · %2</source>
        <extracomment>a release heading: &quot;Version 43.1 · 4 Mar 2026&quot;</extracomment>
        <translation>Version %1 · %2</translation>
    </message>
    <message>
        <source>Version %1</source>
        <translation>Version %1</translation>
    </message>
    <message>
        <source>No details for this release.</source>
        <translation>Keine Angaben zu dieser Version.</translation>
    </message>
</context>
<context>
    <name>ReviewsSection</name>
    <message>
        <source>Reviews</source>
        <translation>Bewertungen</translation>
    </message>
    <message>
        <source>Write a Review</source>
        <translation>Bewertung schreiben</translation>
    </message>
    <message>
        <source>Loading reviews…</source>
        <translation>Bewertungen werden geladen …</translation>
    </message>
    <message>
        <source>These reviews may be out of date: the ratings server could not be reached.</source>
        <translation>Diese Bewertungen sind eventuell veraltet: Der Bewertungsserver war nicht erreichbar.</translation>
    </message>
    <message>
        <source>Reviews are unavailable: the ratings server could not be reached.</source>
        <translation>Keine Bewertungen verfügbar: Der Bewertungsserver war nicht erreichbar.</translation>
    </message>
    <message>
        <source>That did not work: %1</source>
        <extracomment>%1 is the ratings server&apos;s own (English) message</extracomment>
        <translation>Das hat nicht geklappt: %1</translation>
    </message>
    <message>
        <source>Nobody has reviewed this application yet.</source>
        <translation>Diese Anwendung hat noch niemand bewertet.</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <extracomment>who wrote a review and when: &quot;Alice · Mar 4, 2025&quot; (the date in the user&apos;s locale)</extracomment>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>Anonymous</source>
        <translation>Anonym</translation>
    </message>
    <message>
        <source>For an older version (%1)</source>
        <extracomment>%1 is the version the reviewer used</extracomment>
        <translation>Für eine ältere Version (%1)</translation>
    </message>
    <message>
        <source>%1 of %2 people found this helpful</source>
        <translation>%1 von %2 Personen fanden das hilfreich</translation>
    </message>
    <message>
        <source>Was this review helpful?</source>
        <translation>War diese Bewertung hilfreich?</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>Ja</translation>
    </message>
    <message>
        <source>No</source>
        <translation>Nein</translation>
    </message>
    <message>
        <source>Report…</source>
        <translation>Melden …</translation>
    </message>
    <message>
        <source>Remove My Review…</source>
        <translation>Meine Bewertung entfernen …</translation>
    </message>
    <message>
        <source>Show More Reviews</source>
        <translation>Weitere Bewertungen anzeigen</translation>
    </message>
    <message>
        <source>Report This Review?</source>
        <translation>Diese Bewertung melden?</translation>
    </message>
    <message>
        <source>Remove Your Review?</source>
        <translation>Ihre Bewertung entfernen?</translation>
    </message>
    <message>
        <source>Report reviews that are abusive, rude or discriminatory. Moderators of the ratings service will look at it.</source>
        <translation>Melden Sie beleidigende, unhöfliche oder diskriminierende Bewertungen. Die Moderation des Bewertungsdienstes sieht sie sich an.</translation>
    </message>
    <message>
        <source>Your review will be deleted from the ratings service.</source>
        <translation>Ihre Bewertung wird aus dem Bewertungsdienst gelöscht.</translation>
    </message>
</context>
<context>
    <name>ScreenshotCarousel</name>
    <message>
        <source>Screenshots</source>
        <translation>Bildschirmfotos</translation>
    </message>
    <message>
        <source>Screenshot %1</source>
        <translation>Bildschirmfoto %1</translation>
    </message>
    <message>
        <source>Loading screenshots…</source>
        <translation>Bildschirmfotos werden geladen …</translation>
    </message>
    <message>
        <source>Screenshots could not be loaded</source>
        <translation>Bildschirmfotos konnten nicht geladen werden</translation>
    </message>
    <message>
        <source>No screenshots</source>
        <translation>Keine Bildschirmfotos</translation>
    </message>
    <message>
        <source>Press Enter to view full size</source>
        <translation>Eingabetaste drücken, um es in voller Größe zu sehen</translation>
    </message>
    <message>
        <source>Screenshot</source>
        <translation>Bildschirmfoto</translation>
    </message>
    <message>
        <source>Screenshot not available</source>
        <translation>Bildschirmfoto nicht verfügbar</translation>
    </message>
    <message>
        <source>View full size</source>
        <translation>In voller Größe ansehen</translation>
    </message>
    <message>
        <source>Previous screenshot</source>
        <translation>Vorheriges Bildschirmfoto</translation>
    </message>
    <message>
        <source>Next screenshot</source>
        <translation>Nächstes Bildschirmfoto</translation>
    </message>
    <message>
        <source>Screenshot %1 of %2</source>
        <translation>Bildschirmfoto %1 von %2</translation>
    </message>
</context>
<context>
    <name>ScreenshotViewer</name>
    <message>
        <source>Screenshot viewer</source>
        <translation>Bildschirmfoto-Betrachter</translation>
    </message>
    <message>
        <source>Screenshot %1 of %2</source>
        <translation>Bildschirmfoto %1 von %2</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Close the screenshot viewer</source>
        <translation>Bildschirmfoto-Betrachter schließen</translation>
    </message>
    <message>
        <source>Screenshots</source>
        <translation>Bildschirmfotos</translation>
    </message>
    <message>
        <source>Screenshot</source>
        <translation>Bildschirmfoto</translation>
    </message>
    <message>
        <source>Screenshot not available</source>
        <translation>Bildschirmfoto nicht verfügbar</translation>
    </message>
    <message>
        <source>Previous</source>
        <translation>Zurück</translation>
    </message>
    <message>
        <source>Previous screenshot</source>
        <translation>Vorheriges Bildschirmfoto</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>Weiter</translation>
    </message>
    <message>
        <source>Next screenshot</source>
        <translation>Nächstes Bildschirmfoto</translation>
    </message>
</context>
<context>
    <name>SearchField</name>
    <message>
        <source>Search applications…</source>
        <translation>Anwendungen suchen …</translation>
    </message>
    <message>
        <source>Search applications</source>
        <translation>Anwendungen suchen</translation>
    </message>
</context>
<context>
    <name>SearchScope</name>
    <message>
        <source>In %1</source>
        <translation>In %1</translation>
    </message>
    <message>
        <source>Only in %1</source>
        <translation>Nur in %1</translation>
    </message>
    <message>
        <source>Searching only in %1: search everywhere</source>
        <translation>Suche nur in %1: überall suchen</translation>
    </message>
    <message>
        <source>Searching everywhere: search only in %1</source>
        <translation>Suche überall: nur in %1 suchen</translation>
    </message>
    <message>
        <source>Search all applications</source>
        <translation>Alle Anwendungen durchsuchen</translation>
    </message>
    <message>
        <source>Search only in this category</source>
        <translation>Nur in dieser Kategorie suchen</translation>
    </message>
    <message>
        <source>Did you mean “%1”?</source>
        <translation>Meinten Sie „%1“?</translation>
    </message>
</context>
<context>
    <name>SourcePicker</name>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>Installed</source>
        <translation>Installiert</translation>
    </message>
    <message>
        <source>Version %1</source>
        <translation>Version %1</translation>
    </message>
    <message>
        <source>%1 to download</source>
        <translation>%1 herunterzuladen</translation>
    </message>
    <message>
        <source>%1 installed</source>
        <translation>%1 installiert</translation>
    </message>
</context>
<context>
    <name>SourceWords</name>
    <message>
        <source>Flatpak sources</source>
        <translation>Flatpak-Quellen</translation>
    </message>
    <message>
        <source>Add Flatpak source…</source>
        <translation>Flatpak-Quelle hinzufügen …</translation>
    </message>
    <message>
        <source>Add a Flatpak source from a .flatpakrepo file</source>
        <translation>Eine Flatpak-Quelle aus einer .flatpakrepo-Datei hinzufügen</translation>
    </message>
    <message>
        <source>Add Flatpak Source</source>
        <translation>Flatpak-Quelle hinzufügen</translation>
    </message>
    <message>
        <source>Flatpak repository files (*.flatpakrepo)</source>
        <translation>Flatpak-Quelldateien (*.flatpakrepo)</translation>
    </message>
    <message>
        <source>Add Flatpak Source?</source>
        <translation>Flatpak-Quelle hinzufügen?</translation>
    </message>
    <message>
        <source>Remove Flatpak Source?</source>
        <translation>Flatpak-Quelle entfernen?</translation>
    </message>
    <message>
        <source>This file cannot be added as a Flatpak source: %1</source>
        <translation>Diese Datei kann nicht als Flatpak-Quelle hinzugefügt werden: %1</translation>
    </message>
    <message>
        <source>A Flatpak source of this name is already configured.</source>
        <translation>Eine Flatpak-Quelle dieses Namens ist bereits eingerichtet.</translation>
    </message>
    <message>
        <source>No unused Flatpak runtimes.</source>
        <translation>Keine unbenutzten Flatpak-Laufzeitumgebungen.</translation>
    </message>
    <message>
        <source>Package repositories</source>
        <translation>Paketquellen</translation>
    </message>
    <message>
        <source>Other sources</source>
        <translation>Weitere Quellen</translation>
    </message>
    <message>
        <source>Add source…</source>
        <translation>Quelle hinzufügen …</translation>
    </message>
    <message>
        <source>Add a source from a file</source>
        <translation>Eine Quelle aus einer Datei hinzufügen</translation>
    </message>
    <message>
        <source>Add Source</source>
        <translation>Quelle hinzufügen</translation>
    </message>
    <message>
        <source>Source files (*)</source>
        <translation>Quelldateien (*)</translation>
    </message>
    <message>
        <source>Add Source?</source>
        <translation>Quelle hinzufügen?</translation>
    </message>
    <message>
        <source>Remove Source?</source>
        <translation>Quelle entfernen?</translation>
    </message>
    <message>
        <source>This file cannot be added as a source: %1</source>
        <translation>Diese Datei kann nicht als Quelle hinzugefügt werden: %1</translation>
    </message>
    <message>
        <source>A source of this name is already configured.</source>
        <translation>Eine Quelle dieses Namens ist bereits eingerichtet.</translation>
    </message>
    <message>
        <source>Nothing unused to remove.</source>
        <translation>Nichts Unbenutztes zu entfernen.</translation>
    </message>
</context>
<context>
    <name>Sources</name>
    <message>
        <source>Installed through: %1</source>
        <translation>Installiert über: %1</translation>
    </message>
    <message>
        <source>catalog of %1</source>
        <translation>Katalog vom %1</translation>
    </message>
    <message>
        <source>Downloading the sources&apos; lists</source>
        <translation>Die Listen der Quellen werden heruntergeladen</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>Warten</translation>
    </message>
    <message>
        <source>Preparing</source>
        <translation>Wird vorbereitet</translation>
    </message>
    <message>
        <source>Removing</source>
        <translation>Wird entfernt</translation>
    </message>
    <message>
        <source>Finishing</source>
        <translation>Wird abgeschlossen</translation>
    </message>
    <message>
        <source>Refreshing the sources</source>
        <translation>Die Quellen werden aktualisiert</translation>
    </message>
    <message>
        <source>The source was added. The catalog is updated with its applications.</source>
        <translation>Die Quelle wurde hinzugefügt. Der Katalog wird um ihre Anwendungen ergänzt.</translation>
    </message>
    <message>
        <source>The source was added. This catalog is a fixed file: its applications appear once the catalog is rebuilt and App Center starts again.</source>
        <translation>Die Quelle wurde hinzugefügt. Dieser Katalog ist eine feste Datei: Ihre Anwendungen erscheinen, sobald der Katalog neu erstellt und App Center erneut gestartet wurde.</translation>
    </message>
    <message>
        <source>The source was removed. The catalog is updated without its applications.</source>
        <translation>Die Quelle wurde entfernt. Der Katalog wird ohne ihre Anwendungen aktualisiert.</translation>
    </message>
    <message>
        <source>The source was removed. This catalog is a fixed file: its applications leave once the catalog is rebuilt and App Center starts again.</source>
        <translation>Die Quelle wurde entfernt. Dieser Katalog ist eine feste Datei: Ihre Anwendungen verschwinden, sobald der Katalog neu erstellt und App Center erneut gestartet wurde.</translation>
    </message>
    <message>
        <source>Application catalog</source>
        <translation>Anwendungskatalog</translation>
    </message>
    <message>
        <source>System installation (all users)</source>
        <translation>Systeminstallation (alle Benutzer)</translation>
    </message>
    <message>
        <source>Your user installation</source>
        <translation>Ihre Benutzerinstallation</translation>
    </message>
    <message>
        <source>Installed applications: %n</source>
        <translation>Installierte Anwendungen: %n</translation>
    </message>
    <message>
        <source>disabled</source>
        <translation>deaktiviert</translation>
    </message>
    <message>
        <source>Applications installed from this source still use it.</source>
        <translation>Aus dieser Quelle installierte Anwendungen verwenden sie noch.</translation>
    </message>
    <message>
        <source>The source was added, but its list of applications could not be downloaded. Try Refresh later.</source>
        <translation>Die Quelle wurde hinzugefügt, aber ihre Anwendungsliste konnte nicht heruntergeladen werden. Versuchen Sie später „Aktualisieren“.</translation>
    </message>
    <message>
        <source>%1 could not be refreshed: %2</source>
        <translation>%1 konnte nicht aktualisiert werden: %2</translation>
    </message>
    <message>
        <source>Distribution</source>
        <translation>Distribution</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <comment>a source&apos;s name and its kind</comment>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <comment>a group&apos;s heading and its source</comment>
        <translation>%1 (%2)</translation>
    </message>
</context>
<context>
    <name>SourcesPage</name>
    <message>
        <source>Sources</source>
        <translation>Quellen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Aktualisieren</translation>
    </message>
    <message>
        <source>Cancel refreshing the sources</source>
        <translation>Aktualisieren der Quellen abbrechen</translation>
    </message>
    <message>
        <source>Refresh the sources</source>
        <translation>Die Quellen aktualisieren</translation>
    </message>
    <message>
        <source>%1 sources are off: install %2, then start appcenter-qt again.</source>
        <translation>%1-Quellen sind aus: installieren Sie %2 und starten Sie appcenter-qt neu.</translation>
    </message>
    <message>
        <source>The package source does not list its repositories.</source>
        <translation>Die Paketquelle listet ihre Paketquellen nicht auf.</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Hinzufügen</translation>
    </message>
    <message>
        <source>Applications from the source this file describes can then be installed. Add only sources you trust.</source>
        <translation>Danach können Anwendungen aus der Quelle installiert werden, die diese Datei beschreibt. Fügen Sie nur Quellen hinzu, denen Sie vertrauen.</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Adresse</translation>
    </message>
    <message>
        <source>Website</source>
        <translation>Website</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Beschreibung</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>For all users of this computer</source>
        <translation>Für alle Benutzer dieses Rechners</translation>
    </message>
    <message>
        <source>Adding a source for all users asks for an administrator&apos;s password.</source>
        <translation>Eine Quelle für alle Benutzer hinzuzufügen erfordert das Passwort eines Administrators.</translation>
    </message>
    <message numerus="yes">
        <source>%n %1 runtime(s) no installed application needs.</source>
        <translation>
            <numerusform>%n %1-Laufzeitumgebung, die keine installierte Anwendung braucht.</numerusform>
            <numerusform>%n %1-Laufzeitumgebungen, die keine installierte Anwendung braucht.</numerusform>
        </translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>No more applications can be installed or updated from it.</source>
        <translation>Aus ihr können dann keine Anwendungen mehr installiert oder aktualisiert werden.</translation>
    </message>
    <message>
        <source>These applications were installed from it and will be removed too:</source>
        <translation>Diese Anwendungen wurden aus ihr installiert und werden ebenfalls entfernt:</translation>
    </message>
    <message>
        <source>Remove Unused Runtimes?</source>
        <translation>Unbenutzte Laufzeitumgebungen entfernen?</translation>
    </message>
    <message numerus="yes">
        <source>%n runtime(s) that no installed application needs will be removed. They are downloaded again when an application needs them.</source>
        <translation>
            <numerusform>%n Laufzeitumgebung, die keine installierte Anwendung braucht, wird entfernt. Sie wird erneut heruntergeladen, wenn eine Anwendung sie braucht.</numerusform>
            <numerusform>%n Laufzeitumgebungen, die keine installierte Anwendung braucht, werden entfernt. Sie werden erneut heruntergeladen, wenn eine Anwendung sie braucht.</numerusform>
        </translation>
    </message>
    <message>
        <source>Looking for unused runtimes…</source>
        <translation>Unbenutzte Laufzeitumgebungen werden gesucht …</translation>
    </message>
    <message>
        <source>Remove unused runtimes</source>
        <translation>Unbenutzte Laufzeitumgebungen entfernen</translation>
    </message>
    <message>
        <source>Changing %1</source>
        <translation>%1 wird geändert</translation>
    </message>
    <message>
        <source>Disable %1</source>
        <translation>%1 abschalten</translation>
    </message>
    <message>
        <source>Enable %1</source>
        <translation>%1 einschalten</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>%1 entfernen</translation>
    </message>
</context>
<context>
    <name>StarRating</name>
    <message>
        <source>Rated %1 out of 5</source>
        <translation>Mit %1 von 5 bewertet</translation>
    </message>
</context>
<context>
    <name>Transactions</name>
    <message>
        <source>Downloading</source>
        <translation>Wird heruntergeladen</translation>
    </message>
    <message>
        <source>Installing</source>
        <translation>Wird installiert</translation>
    </message>
    <message>
        <source>Removing</source>
        <translation>Wird entfernt</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>Wartet</translation>
    </message>
    <message>
        <source>Finishing</source>
        <translation>Wird abgeschlossen</translation>
    </message>
    <message>
        <source>Preparing removal</source>
        <translation>Entfernen wird vorbereitet</translation>
    </message>
    <message>
        <source>Preparing installation</source>
        <translation>Installation wird vorbereitet</translation>
    </message>
    <message>
        <source>installed</source>
        <translation>installiert</translation>
    </message>
    <message>
        <source>removed</source>
        <translation>entfernt</translation>
    </message>
    <message>
        <source>updated</source>
        <translation>aktualisiert</translation>
    </message>
    <message>
        <source>downgraded</source>
        <translation>herabgestuft</translation>
    </message>
    <message>
        <source>reinstalled</source>
        <translation>neu installiert</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>geändert</translation>
    </message>
    <message>
        <source>%1 %2 (%3)</source>
        <translation>%1 %2 (%3)</translation>
    </message>
</context>
<context>
    <name>TrayNotifier</name>
    <message>
        <source>Show updates</source>
        <translation>Aktualisierungen anzeigen</translation>
    </message>
    <message>
        <source>Check now</source>
        <translation>Jetzt prüfen</translation>
    </message>
    <message>
        <source>Restart and update</source>
        <translation>Neu starten und aktualisieren</translation>
    </message>
    <message>
        <source>%n update(s)</source>
        <translation>%n Aktualisierung(en)</translation>
    </message>
    <message>
        <source>%1, %n security</source>
        <extracomment>%1 is &quot;N updates&quot;, %n the number of them that fix security problems</extracomment>
        <translation>%1, davon %n für die Sicherheit</translation>
    </message>
    <message>
        <source>%n more</source>
        <translation>%n weitere</translation>
    </message>
    <message>
        <source>System infrastructure: %n package(s)</source>
        <translation>Systeminfrastruktur: %n Paket(e)</translation>
    </message>
    <message>
        <source>Downloaded: installs at the next restart</source>
        <translation>Heruntergeladen: wird beim nächsten Neustart installiert</translation>
    </message>
</context>
<context>
    <name>UpdateNotice</name>
    <message>
        <source>%n update(s) available, including security fixes</source>
        <translation>Verfügbare Aktualisierungen: %n, darunter Sicherheitskorrekturen</translation>
    </message>
    <message>
        <source>%n update(s) available</source>
        <translation>Verfügbare Aktualisierungen: %n</translation>
    </message>
    <message>
        <source>%1 and %n more</source>
        <extracomment>%1 is a list of application names, %n how many more applications there are</extracomment>
        <translation>%1 und %n weitere</translation>
    </message>
    <message>
        <source>System infrastructure: %n package(s)</source>
        <extracomment>the System infrastructure group of the Updates page; %n is a package count</extracomment>
        <translation>Systeminfrastruktur: %n Paket(e)</translation>
    </message>
    <message>
        <source>Show updates</source>
        <translation>Aktualisierungen anzeigen</translation>
    </message>
    <message>
        <source>Automatic updates failed: %1</source>
        <translation>Automatische Aktualisierungen sind fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>%n application(s) were updated automatically.</source>
        <translation>%n Anwendung(en) wurde(n) automatisch aktualisiert.</translation>
    </message>
    <message>
        <source>Your system is up to date.</source>
        <translation>Ihr System ist auf dem neuesten Stand.</translation>
    </message>
</context>
<context>
    <name>UpdateRow</name>
    <message>
        <source>Update %1</source>
        <translation>%1 aktualisieren</translation>
    </message>
    <message numerus="yes">
        <source>%n package(s), including security fixes</source>
        <translation>
            <numerusform>%n Paket, mit Sicherheitskorrekturen</numerusform>
            <numerusform>%n Pakete, mit Sicherheitskorrekturen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The desktop itself: %n package(s)</source>
        <translation>
            <numerusform>Der Desktop selbst: %n Paket</numerusform>
            <numerusform>Der Desktop selbst: %n Pakete</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Libraries, services and the system underneath: %n package(s)</source>
        <translation>
            <numerusform>Bibliotheken, Dienste und das System darunter: %n Paket</numerusform>
            <numerusform>Bibliotheken, Dienste und das System darunter: %n Pakete</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Libraries, services and the system itself: %n package(s)</source>
        <translation>
            <numerusform>Bibliotheken, Dienste und das System selbst: %n Paket</numerusform>
            <numerusform>Bibliotheken, Dienste und das System selbst: %n Pakete</numerusform>
        </translation>
    </message>
    <message>
        <source>Checking what this update needs…</source>
        <translation>Es wird geprüft, was diese Aktualisierung braucht …</translation>
    </message>
    <message numerus="yes">
        <source>Also updates %n system component(s) and %1</source>
        <translation>
            <numerusform>Aktualisiert auch %n Systemkomponente und %1</numerusform>
            <numerusform>Aktualisiert auch %n Systemkomponenten und %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Also updates %n system component(s)</source>
        <translation>
            <numerusform>Aktualisiert auch %n Systemkomponente</numerusform>
            <numerusform>Aktualisiert auch %n Systemkomponenten</numerusform>
        </translation>
    </message>
    <message>
        <source>Also updates %1</source>
        <translation>Aktualisiert auch %1</translation>
    </message>
    <message numerus="yes">
        <source>%n of them needed by the selected applications</source>
        <translation>
            <numerusform>%n davon wird von den ausgewählten Anwendungen gebraucht</numerusform>
            <numerusform>%n davon werden von den ausgewählten Anwendungen gebraucht</numerusform>
        </translation>
    </message>
    <message>
        <source>Needed by %1</source>
        <translation>Gebraucht von %1</translation>
    </message>
    <message>
        <source>Update all packages of %1</source>
        <translation>Alle Pakete von %1 aktualisieren</translation>
    </message>
    <message>
        <source>Less</source>
        <translation>Weniger</translation>
    </message>
    <message>
        <source>What&apos;s new</source>
        <translation>Was ist neu</translation>
    </message>
    <message>
        <source>Updated</source>
        <translation>Aktualisiert</translation>
    </message>
    <message>
        <source>Hide packages</source>
        <translation>Pakete ausblenden</translation>
    </message>
    <message>
        <source>Show packages</source>
        <translation>Pakete anzeigen</translation>
    </message>
</context>
<context>
    <name>Updates</name>
    <message>
        <source>Restart the computer to finish installing the updates.</source>
        <translation>Starten Sie den Rechner neu, um die Aktualisierungen abzuschließen.</translation>
    </message>
    <message>
        <source>Log out and back in to finish installing the updates.</source>
        <translation>Melden Sie sich ab und wieder an, um die Aktualisierungen abzuschließen.</translation>
    </message>
    <message>
        <source>Restart the updated applications to use the new versions.</source>
        <translation>Starten Sie die aktualisierten Anwendungen neu, um die neuen Versionen zu nutzen.</translation>
    </message>
    <message>
        <source>You are not allowed to install updates.</source>
        <translation>Sie dürfen keine Aktualisierungen installieren.</translation>
    </message>
    <message>
        <source>System infrastructure</source>
        <translation>Systeminfrastruktur</translation>
    </message>
    <message>
        <source>Core desktop</source>
        <translation>Kern-Desktop</translation>
    </message>
    <message>
        <source>Base platform</source>
        <translation>Basisplattform</translation>
    </message>
    <message>
        <source>The update can no longer be cancelled: %1</source>
        <translation>Die Aktualisierung kann nicht mehr abgebrochen werden: %1</translation>
    </message>
    <message>
        <source>The updates are downloaded and ready to install at restart.</source>
        <translation>Die Aktualisierungen sind heruntergeladen und werden beim Neustart installiert.</translation>
    </message>
    <message>
        <source>The updates were installed.</source>
        <translation>Die Aktualisierungen wurden installiert.</translation>
    </message>
    <message>
        <source>The update was cancelled.</source>
        <translation>Die Aktualisierung wurde abgebrochen.</translation>
    </message>
    <message>
        <source>The updates could not be installed while the computer restarted: %1</source>
        <translation>Die Aktualisierungen konnten beim Neustart nicht installiert werden: %1</translation>
    </message>
    <message>
        <source>The computer could not be restarted (%1). The updates will be installed the next time it restarts.</source>
        <extracomment>%1 is why (systemd-logind&apos;s words)</extracomment>
        <translation>Der Computer konnte nicht neu gestartet werden (%1). Die Aktualisierungen werden beim nächsten Neustart installiert.</translation>
    </message>
    <message>
        <source> and %1 more</source>
        <translation> und %1 weitere</translation>
    </message>
</context>
<context>
    <name>UpdatesPage</name>
    <message>
        <source>Updates</source>
        <translation>Aktualisierungen</translation>
    </message>
    <message numerus="yes">
        <source>%n update(s), including security fixes</source>
        <translation>
            <numerusform>%n Aktualisierung, mit Sicherheitskorrekturen</numerusform>
            <numerusform>%n Aktualisierungen, mit Sicherheitskorrekturen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n update(s)</source>
        <translation>
            <numerusform>%n Aktualisierung</numerusform>
            <numerusform>%n Aktualisierungen</numerusform>
        </translation>
    </message>
    <message>
        <source>Check again</source>
        <translation>Erneut prüfen</translation>
    </message>
    <message>
        <source>Update selected</source>
        <translation>Auswahl aktualisieren</translation>
    </message>
    <message>
        <source>Update all</source>
        <translation>Alle aktualisieren</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message numerus="yes">
        <source>%n package(s) selected</source>
        <translation>
            <numerusform>%n Paket ausgewählt</numerusform>
            <numerusform>%n Pakete ausgewählt</numerusform>
        </translation>
    </message>
    <message>
        <source>checking what the updates need…</source>
        <translation>es wird geprüft, was die Aktualisierungen brauchen …</translation>
    </message>
    <message>
        <source>Install system updates while the computer restarts</source>
        <translation>Systemaktualisierungen beim Neustart des Computers installieren</translation>
    </message>
    <message>
        <source>Set by your administrator</source>
        <translation>Von Ihrer Systemverwaltung festgelegt</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>Schließen</translation>
    </message>
    <message numerus="yes">
        <source>%n system update(s) downloaded and ready to install.</source>
        <translation>
            <numerusform>%n Systemaktualisierung heruntergeladen und bereit zur Installation.</numerusform>
            <numerusform>%n Systemaktualisierungen heruntergeladen und bereit zur Installation.</numerusform>
        </translation>
    </message>
    <message>
        <source>The updates will be installed the next time the computer restarts; then it powers off.</source>
        <translation>Die Aktualisierungen werden beim nächsten Neustart installiert; danach schaltet sich der Computer aus.</translation>
    </message>
    <message>
        <source>The updates will be installed the next time the computer restarts.</source>
        <translation>Die Aktualisierungen werden beim nächsten Neustart des Computers installiert.</translation>
    </message>
    <message>
        <source>Restart and update</source>
        <translation>Neu starten und aktualisieren</translation>
    </message>
    <message>
        <source>Power off and update</source>
        <translation>Ausschalten und aktualisieren</translation>
    </message>
    <message>
        <source>Do not install the updates at the next restart</source>
        <translation>Die Aktualisierungen beim nächsten Neustart nicht installieren</translation>
    </message>
    <message>
        <source>Available updates</source>
        <translation>Verfügbare Aktualisierungen</translation>
    </message>
    <message>
        <source>Updates need a package manager, and none is available.</source>
        <translation>Aktualisierungen brauchen eine Paketverwaltung, und keine ist verfügbar.</translation>
    </message>
    <message>
        <source>Looking for updates…</source>
        <translation>Suche nach Aktualisierungen …</translation>
    </message>
    <message>
        <source>Could not look for updates.</source>
        <translation>Die Suche nach Aktualisierungen ist fehlgeschlagen.</translation>
    </message>
    <message>
        <source>Waiting for the catalog…</source>
        <translation>Warten auf den Katalog …</translation>
    </message>
    <message>
        <source>Your system is up to date.</source>
        <translation>Ihr System ist auf dem neuesten Stand.</translation>
    </message>
</context>
<context>
    <name>WriteReviewDialog</name>
    <message>
        <source>Choose how many stars to give.</source>
        <translation>Wählen Sie, wie viele Sterne Sie vergeben.</translation>
    </message>
    <message>
        <source>Write a short summary.</source>
        <translation>Schreiben Sie eine kurze Zusammenfassung.</translation>
    </message>
    <message>
        <source>The summary is too long.</source>
        <translation>Die Zusammenfassung ist zu lang.</translation>
    </message>
    <message>
        <source>Write what you think of the application.</source>
        <translation>Schreiben Sie, was Sie von der Anwendung halten.</translation>
    </message>
    <message>
        <source>The review is too long.</source>
        <translation>Die Bewertung ist zu lang.</translation>
    </message>
    <message>
        <source>The review cannot contain the character “&lt;”.</source>
        <translation>Die Bewertung darf das Zeichen „&lt;“ nicht enthalten.</translation>
    </message>
    <message>
        <source>Review %1</source>
        <translation>%1 bewerten</translation>
    </message>
    <message>
        <source>Rating</source>
        <translation>Wertung</translation>
    </message>
    <message numerus="yes">
        <source>%n star(s)</source>
        <translation>
            <numerusform>%n Stern</numerusform>
            <numerusform>%n Sterne</numerusform>
        </translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>Zusammenfassung</translation>
    </message>
    <message>
        <source>Sum up your review in a few words</source>
        <translation>Fassen Sie Ihre Bewertung in wenigen Worten zusammen</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>Bewertung</translation>
    </message>
    <message>
        <source>What do you like or dislike about it?</source>
        <translation>Was gefällt Ihnen daran, was nicht?</translation>
    </message>
    <message>
        <source>Name shown with the review</source>
        <translation>Mit der Bewertung angezeigter Name</translation>
    </message>
    <message>
        <source>Anonymous</source>
        <translation>Anonym</translation>
    </message>
    <message>
        <source>You have already reviewed this application.</source>
        <translation>Sie haben diese Anwendung bereits bewertet.</translation>
    </message>
    <message>
        <source>The review was not published: %1</source>
        <extracomment>%1 is the ratings server&apos;s own (English) message</extracomment>
        <translation>Die Bewertung wurde nicht veröffentlicht: %1</translation>
    </message>
    <message>
        <source>Publish</source>
        <translation>Veröffentlichen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
</context>
</TS>
