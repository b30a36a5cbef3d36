<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_XA" sourcelanguage="en">
    <context>
        <name>AddonList</name>
        <message>
            <source>Progress of %1</source>
            <translation>[Þŕöĝŕéšš öƒ %1 ····]</translation>
        </message>
        <message>
            <source>Remove</source>
            <translation>[Ŕéɱöṽé ··]</translation>
        </message>
        <message>
            <source>Install</source>
            <translation>[Îñšţåļļ ··]</translation>
        </message>
        <message>
            <source>Remove %1</source>
            <translation>[Ŕéɱöṽé %1 ···]</translation>
        </message>
        <message>
            <source>Install %1</source>
            <translation>[Îñšţåļļ %1 ···]</translation>
        </message>
    </context>
    <context>
        <name>App</name>
        <message>
            <source>Installing and removing is off: appcenter-qt was started with --backend none.</source>
            <translation>[Îñšţåļļîñĝ åñđ ŕéɱöṽîñĝ îš öƒƒ: åþþçéñţéŕ-ǫţ ŵåš šţåŕţéđ ŵîţĥ --ƀåçķéñđ ñöñé. ·······················]</translation>
        </message>
        <message>
            <source>Installing and removing is unavailable: no package manager could start.</source>
            <translation>[Îñšţåļļîñĝ åñđ ŕéɱöṽîñĝ îš ûñåṽåîļåƀļé: ñö þåçķåĝé ɱåñåĝéŕ çöûļđ šţåŕţ. ·····················]</translation>
        </message>
    </context>
    <context>
        <name>AppCard</name>
        <message numerus="yes">
            <source>%1 · %Ln rating(s)</source>
            <extracomment>the average of the votes on a 1 to 5 scale, and how many votes there are</extracomment>
            <translation>
                <numerusform>[%1 · %Ļñ ŕåţîñĝ(š) ·····]</numerusform>
                <numerusform>[%1 · %Ļñ ŕåţîñĝ(š) ·····]</numerusform>
            </translation>
        </message>
        <message>
            <source>Installed</source>
            <translation>[Îñšţåļļéđ ···]</translation>
        </message>
        <message>
            <source>Update available</source>
            <extracomment>on a card: installed, and the update check found a newer version</extracomment>
            <translation>[Ûþđåţé åṽåîļåƀļé ·····]</translation>
        </message>
    </context>
    <context>
        <name>AppPage</name>
        <message>
            <source>All ages</source>
            <extracomment>the content rating: the youngest age the application suits</extracomment>
            <translation>[Åļļ åĝéš ··]</translation>
        </message>
        <message>
            <source>Ages %1+</source>
            <translation>[Åĝéš %1+ ··]</translation>
        </message>
        <message>
            <source>Free software</source>
            <translation>[Ƒŕéé šöƒţŵåŕé ····]</translation>
        </message>
        <message>
            <source>Proprietary</source>
            <translation>[Þŕöþŕîéţåŕý ···]</translation>
        </message>
        <message>
            <source>Unknown license</source>
            <translation>[Ûñķñöŵñ ļîçéñšé ····]</translation>
        </message>
        <message>
            <source>This application is not in the catalog.</source>
            <translation>[Ţĥîš åþþļîçåţîöñ îš ñöţ îñ ţĥé çåţåļöĝ. ············]</translation>
        </message>
        <message>
            <source>Version %1</source>
            <extracomment>the application's version on its page, e.g. "Version 43.1"</extracomment>
            <translation>[Ṽéŕšîöñ %1 ···]</translation>
        </message>
        <message numerus="yes">
            <source>%1 · %Ln rating(s)</source>
            <extracomment>the average of the votes on a 1 to 5 scale, and how many votes there are</extracomment>
            <translation>
                <numerusform>[%1 · %Ļñ ŕåţîñĝ(š) ·····]</numerusform>
                <numerusform>[%1 · %Ļñ ŕåţîñĝ(š) ·····]</numerusform>
            </translation>
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
            <source>About %1</source>
            <extracomment>the heading over the application's description</extracomment>
            <translation>[Åƀöûţ %1 ··]</translation>
        </message>
        <message>
            <source>Add-ons</source>
            <translation>[Åđđ-öñš ··]</translation>
        </message>
        <message>
            <source>What's new</source>
            <translation>[Ŵĥåţ'š ñéŵ ···]</translation>
        </message>
        <message>
            <source>Ratings</source>
            <translation>[Ŕåţîñĝš ··]</translation>
        </message>
        <message>
            <source>Nobody has rated this application yet.</source>
            <translation>[Ñöƀöđý ĥåš ŕåţéđ ţĥîš åþþļîçåţîöñ ýéţ. ···········]</translation>
        </message>
        <message>
            <source>%1 stars: %L2</source>
            <translation>[%1 šţåŕš: %L2 ····]</translation>
        </message>
        <message>
            <source>%1 ★</source>
            <translation>[%1 ★ ·]</translation>
        </message>
        <message>
            <source>Details</source>
            <translation>[Đéţåîļš ··]</translation>
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
            <source>Version</source>
            <translation>[Ṽéŕšîöñ ··]</translation>
        </message>
        <message>
            <source>Download size</source>
            <translation>[Đöŵñļöåđ šîžé ····]</translation>
        </message>
        <message>
            <source>Installed size</source>
            <translation>[Îñšţåļļéđ šîžé ····]</translation>
        </message>
        <message>
            <source>License</source>
            <translation>[Ļîçéñšé ··]</translation>
        </message>
        <message>
            <source>Read the license</source>
            <translation>[Ŕéåđ ţĥé ļîçéñšé ·····]</translation>
        </message>
        <message>
            <source>Age rating</source>
            <translation>[Åĝé ŕåţîñĝ ···]</translation>
        </message>
        <message>
            <source>Categories</source>
            <translation>[Çåţéĝöŕîéš ···]</translation>
        </message>
        <message>
            <source>Website</source>
            <translation>[Ŵéƀšîţé ··]</translation>
        </message>
        <message>
            <source>Report a problem</source>
            <translation>[Ŕéþöŕţ å þŕöƀļéɱ ·····]</translation>
        </message>
        <message>
            <source>Help</source>
            <translation>[Ĥéļþ ·]</translation>
        </message>
        <message>
            <source>Questions and answers</source>
            <translation>[Ǫûéšţîöñš åñđ åñšŵéŕš ······]</translation>
        </message>
        <message>
            <source>Donate</source>
            <translation>[Đöñåţé ··]</translation>
        </message>
        <message>
            <source>Translate</source>
            <translation>[Ţŕåñšļåţé ···]</translation>
        </message>
        <message>
            <source>Contact</source>
            <translation>[Çöñţåçţ ··]</translation>
        </message>
        <message>
            <source>Source code</source>
            <translation>[Šöûŕçé çöđé ···]</translation>
        </message>
        <message>
            <source>Contribute</source>
            <translation>[Çöñţŕîƀûţé ···]</translation>
        </message>
        <message>
            <source>Cartoon violence</source>
            <translation>[Çåŕţööñ ṽîöļéñçé ·····]</translation>
        </message>
        <message>
            <source>Fantasy violence</source>
            <translation>[Ƒåñţåšý ṽîöļéñçé ·····]</translation>
        </message>
        <message>
            <source>Realistic violence</source>
            <translation>[Ŕéåļîšţîç ṽîöļéñçé ·····]</translation>
        </message>
        <message>
            <source>Bloodshed</source>
            <translation>[Ɓļööđšĥéđ ···]</translation>
        </message>
        <message>
            <source>Sexual violence</source>
            <translation>[Šéẋûåļ ṽîöļéñçé ····]</translation>
        </message>
        <message>
            <source>Desecration of human remains</source>
            <translation>[Đéšéçŕåţîöñ öƒ ĥûɱåñ ŕéɱåîñš ········]</translation>
        </message>
        <message>
            <source>Depictions of slavery</source>
            <translation>[Đéþîçţîöñš öƒ šļåṽéŕý ······]</translation>
        </message>
        <message>
            <source>Destruction of places of worship</source>
            <translation>[Đéšţŕûçţîöñ öƒ þļåçéš öƒ ŵöŕšĥîþ ··········]</translation>
        </message>
        <message>
            <source>References to alcohol</source>
            <translation>[Ŕéƒéŕéñçéš ţö åļçöĥöļ ······]</translation>
        </message>
        <message>
            <source>References to illicit drugs</source>
            <translation>[Ŕéƒéŕéñçéš ţö îļļîçîţ đŕûĝš ········]</translation>
        </message>
        <message>
            <source>References to tobacco</source>
            <translation>[Ŕéƒéŕéñçéš ţö ţöƀåççö ······]</translation>
        </message>
        <message>
            <source>Nudity</source>
            <translation>[Ñûđîţý ··]</translation>
        </message>
        <message>
            <source>Sexual themes</source>
            <translation>[Šéẋûåļ ţĥéɱéš ····]</translation>
        </message>
        <message>
            <source>Homosexual themes</source>
            <translation>[Ĥöɱöšéẋûåļ ţĥéɱéš ·····]</translation>
        </message>
        <message>
            <source>Prostitution</source>
            <translation>[Þŕöšţîţûţîöñ ····]</translation>
        </message>
        <message>
            <source>Adultery</source>
            <translation>[Åđûļţéŕý ··]</translation>
        </message>
        <message>
            <source>Sexualized characters</source>
            <translation>[Šéẋûåļîžéđ çĥåŕåçţéŕš ······]</translation>
        </message>
        <message>
            <source>Profanity</source>
            <translation>[Þŕöƒåñîţý ···]</translation>
        </message>
        <message>
            <source>Crude humor</source>
            <translation>[Çŕûđé ĥûɱöŕ ···]</translation>
        </message>
        <message>
            <source>Discriminatory language</source>
            <translation>[Đîšçŕîɱîñåţöŕý ļåñĝûåĝé ·······]</translation>
        </message>
        <message>
            <source>Advertising</source>
            <translation>[Åđṽéŕţîšîñĝ ···]</translation>
        </message>
        <message>
            <source>Gambling</source>
            <translation>[Ĝåɱƀļîñĝ ··]</translation>
        </message>
        <message>
            <source>In-app purchases</source>
            <translation>[Îñ-åþþ þûŕçĥåšéš ·····]</translation>
        </message>
        <message>
            <source>Chat with other people</source>
            <translation>[Çĥåţ ŵîţĥ öţĥéŕ þéöþļé ·······]</translation>
        </message>
        <message>
            <source>Voice or video chat with other people</source>
            <translation>[Ṽöîçé öŕ ṽîđéö çĥåţ ŵîţĥ öţĥéŕ þéöþļé ···········]</translation>
        </message>
        <message>
            <source>Sharing social media or contacts</source>
            <translation>[Šĥåŕîñĝ šöçîåļ ɱéđîå öŕ çöñţåçţš ··········]</translation>
        </message>
        <message>
            <source>Sharing personal information</source>
            <translation>[Šĥåŕîñĝ þéŕšöñåļ îñƒöŕɱåţîöñ ········]</translation>
        </message>
        <message>
            <source>Sharing your location</source>
            <translation>[Šĥåŕîñĝ ýöûŕ ļöçåţîöñ ······]</translation>
        </message>
        <message>
            <source>%1 (mild)</source>
            <translation>[%1 (ɱîļđ) ···]</translation>
        </message>
        <message>
            <source>%1 (moderate)</source>
            <translation>[%1 (ɱöđéŕåţé) ····]</translation>
        </message>
        <message>
            <source>%1 (intense)</source>
            <translation>[%1 (îñţéñšé) ····]</translation>
        </message>
        <message>
            <source>Development release</source>
            <translation>[Đéṽéļöþɱéñţ ŕéļéåšé ······]</translation>
        </message>
        <message>
            <source>Snapshot</source>
            <translation>[Šñåþšĥöţ ··]</translation>
        </message>
    </context>
    <context>
        <name>AppShelf</name>
        <message>
            <source>%1: %2</source>
            <translation>[%1: %2 ··]</translation>
        </message>
        <message>
            <source>%1: previous applications</source>
            <translation>[%1: þŕéṽîöûš åþþļîçåţîöñš ········]</translation>
        </message>
        <message>
            <source>%1: more applications</source>
            <translation>[%1: ɱöŕé åþþļîçåţîöñš ······]</translation>
        </message>
    </context>
    <context>
        <name>AutomaticUpdates</name>
        <message>
            <source>Automatic updates failed on %1: %2</source>
            <extracomment>%1 is a date, %2 the reason (the package source's own words)</extracomment>
            <translation>[Åûţöɱåţîç ûþđåţéš ƒåîļéđ öñ %1: %2 ··········]</translation>
        </message>
        <message>
            <source>%n application(s) were updated automatically on %1.</source>
            <extracomment>%1 is a date</extracomment>
            <translation>[%n åþþļîçåţîöñ(š) ŵéŕé ûþđåţéđ åûţöɱåţîçåļļý öñ %1. ···············]</translation>
        </message>
        <message>
            <source>%n application component(s) were updated automatically on %1.</source>
            <extracomment>runtimes and other shared parts of applications; %1 is a date</extracomment>
            <translation>[%n åþþļîçåţîöñ çöɱþöñéñţ(š) ŵéŕé ûþđåţéđ åûţöɱåţîçåļļý öñ %1. ··················]</translation>
        </message>
    </context>
    <context>
        <name>BrowsePage</name>
        <message>
            <source>Search results</source>
            <translation>[Šéåŕçĥ ŕéšûļţš ····]</translation>
        </message>
        <message numerus="yes">
            <source>%Ln application(s)</source>
            <translation>
                <numerusform>[%Ļñ åþþļîçåţîöñ(š) ·····]</numerusform>
                <numerusform>[%Ļñ åþþļîçåţîöñ(š) ·····]</numerusform>
            </translation>
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
            <source>%1, %2 applications</source>
            <translation>[%1, %2 åþþļîçåţîöñš ······]</translation>
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
        <name>CatalogProgress</name>
        <message>
            <source>Preparing the catalog…</source>
            <translation>[Þŕéþåŕîñĝ ţĥé çåţåļöĝ… ·······]</translation>
        </message>
        <message>
            <source>Reading the applications this system offers. This is only needed once, and again after the software sources change.</source>
            <translation>[Ŕéåđîñĝ ţĥé åþþļîçåţîöñš ţĥîš šýšţéɱ öƒƒéŕš. Ţĥîš îš öñļý ñééđéđ öñçé, åñđ åĝåîñ åƒţéŕ ţĥé šöƒţŵåŕé šöûŕçéš çĥåñĝé. ··································]</translation>
        </message>
    </context>
    <context>
        <name>Categories</name>
        <message>
            <source>All applications</source>
            <translation>[Åļļ åþþļîçåţîöñš ·····]</translation>
        </message>
        <message>
            <source>Multimedia</source>
            <translation>[Ṁûļţîɱéđîå ···]</translation>
        </message>
        <message>
            <source>Development</source>
            <translation>[Đéṽéļöþɱéñţ ···]</translation>
        </message>
        <message>
            <source>Education</source>
            <translation>[Éđûçåţîöñ ···]</translation>
        </message>
        <message>
            <source>Games</source>
            <translation>[Ĝåɱéš ··]</translation>
        </message>
        <message>
            <source>Graphics</source>
            <translation>[Ĝŕåþĥîçš ··]</translation>
        </message>
        <message>
            <source>Internet</source>
            <translation>[Îñţéŕñéţ ··]</translation>
        </message>
        <message>
            <source>Office</source>
            <translation>[Öƒƒîçé ··]</translation>
        </message>
        <message>
            <source>Science</source>
            <translation>[Šçîéñçé ··]</translation>
        </message>
        <message>
            <source>Settings</source>
            <translation>[Šéţţîñĝš ··]</translation>
        </message>
        <message>
            <source>System</source>
            <translation>[Šýšţéɱ ··]</translation>
        </message>
        <message>
            <source>Utilities</source>
            <translation>[Ûţîļîţîéš ···]</translation>
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
        <name>Errors</name>
        <message>
            <source>The package manager service is not running or not installed.</source>
            <translation>[Ţĥé þåçķåĝé ɱåñåĝéŕ šéŕṽîçé îš ñöţ ŕûññîñĝ öŕ ñöţ îñšţåļļéđ. ··················]</translation>
        </message>
        <message>
            <source>The package manager service stopped unexpectedly.</source>
            <translation>[Ţĥé þåçķåĝé ɱåñåĝéŕ šéŕṽîçé šţöþþéđ ûñéẋþéçţéđļý. ···············]</translation>
        </message>
        <message>
            <source>You are not allowed to install or remove software.</source>
            <translation>[Ýöû åŕé ñöţ åļļöŵéđ ţö îñšţåļļ öŕ ŕéɱöṽé šöƒţŵåŕé. ···············]</translation>
        </message>
        <message>
            <source>Another program is installing or updating software. Try again later.</source>
            <translation>[Åñöţĥéŕ þŕöĝŕåɱ îš îñšţåļļîñĝ öŕ ûþđåţîñĝ šöƒţŵåŕé. Ţŕý åĝåîñ ļåţéŕ. ····················]</translation>
        </message>
        <message>
            <source>The package could not be downloaded. Check the network.</source>
            <translation>[Ţĥé þåçķåĝé çöûļđ ñöţ ƀé đöŵñļöåđéđ. Çĥéçķ ţĥé ñéţŵöŕķ. ················]</translation>
        </message>
        <message>
            <source>The package was not found in the configured sources.</source>
            <translation>[Ţĥé þåçķåĝé ŵåš ñöţ ƒöûñđ îñ ţĥé çöñƒîĝûŕéđ šöûŕçéš. ················]</translation>
        </message>
        <message>
            <source>The operation was cancelled.</source>
            <translation>[Ţĥé öþéŕåţîöñ ŵåš çåñçéļļéđ. ········]</translation>
        </message>
        <message>
            <source>The package manager did not answer in time.</source>
            <translation>[Ţĥé þåçķåĝé ɱåñåĝéŕ đîđ ñöţ åñšŵéŕ îñ ţîɱé. ·············]</translation>
        </message>
        <message>
            <source>The catalog names a package that is not valid.</source>
            <translation>[Ţĥé çåţåļöĝ ñåɱéš å þåçķåĝé ţĥåţ îš ñöţ ṽåļîđ. ··············]</translation>
        </message>
        <message>
            <source>The operation failed.</source>
            <translation>[Ţĥé öþéŕåţîöñ ƒåîļéđ. ······]</translation>
        </message>
    </context>
    <context>
        <name>FeaturedBanner</name>
        <message>
            <source>Featured applications</source>
            <translation>[Ƒéåţûŕéđ åþþļîçåţîöñš ······]</translation>
        </message>
        <message>
            <source>Previous featured application</source>
            <translation>[Þŕéṽîöûš ƒéåţûŕéđ åþþļîçåţîöñ ·········]</translation>
        </message>
        <message>
            <source>Next featured application</source>
            <translation>[Ñéẋţ ƒéåţûŕéđ åþþļîçåţîöñ ········]</translation>
        </message>
    </context>
    <context>
        <name>Home</name>
        <message>
            <source>Popular in %1</source>
            <extracomment>The banner shows this many featured applications; the rest of a configured list is the "Editor's picks" row (a catalog without ratings has no other rows but Recently updated). A "Popular in" row with fewer rated applications than this is left out.</extracomment>
            <translation>[Þöþûļåŕ îñ %1 ····]</translation>
        </message>
        <message>
            <source>Recently updated is not shown: this catalog records no release dates.</source>
            <translation>[Ŕéçéñţļý ûþđåţéđ îš ñöţ šĥöŵñ: ţĥîš çåţåļöĝ ŕéçöŕđš ñö ŕéļéåšé đåţéš. ·····················]</translation>
        </message>
    </context>
    <context>
        <name>HomePage</name>
        <message>
            <source>Home</source>
            <translation>[Ĥöɱé ·]</translation>
        </message>
        <message>
            <source>Featured</source>
            <translation>[Ƒéåţûŕéđ ··]</translation>
        </message>
        <message>
            <source>Top rated</source>
            <translation>[Ţöþ ŕåţéđ ···]</translation>
        </message>
        <message>
            <source>All applications</source>
            <translation>[Åļļ åþþļîçåţîöñš ·····]</translation>
        </message>
        <message>
            <source>Show all applications</source>
            <translation>[Šĥöŵ åļļ åþþļîçåţîöñš ······]</translation>
        </message>
        <message>
            <source>Editor's picks</source>
            <translation>[Éđîţöŕ'š þîçķš ····]</translation>
        </message>
        <message>
            <source>See all</source>
            <translation>[Šéé åļļ ··]</translation>
        </message>
        <message>
            <source>Recently updated</source>
            <translation>[Ŕéçéñţļý ûþđåţéđ ·····]</translation>
        </message>
        <message>
            <source>Categories</source>
            <translation>[Çåţéĝöŕîéš ···]</translation>
        </message>
        <message>
            <source>%1, %2 applications</source>
            <translation>[%1, %2 åþþļîçåţîöñš ······]</translation>
        </message>
        <message>
            <source>Loading applications</source>
            <translation>[Ļöåđîñĝ åþþļîçåţîöñš ······]</translation>
        </message>
    </context>
    <context>
        <name>Installed</name>
        <message>
            <source>Installed or updated %1</source>
            <extracomment>Desktop-only rows get ids no catalog uses, so a click cannot open a wrong page.</extracomment>
            <translation>[Îñšţåļļéđ öŕ ûþđåţéđ %1 ·······]</translation>
        </message>
    </context>
    <context>
        <name>InstalledPage</name>
        <message>
            <source>Installed</source>
            <translation>[Îñšţåļļéđ ···]</translation>
        </message>
        <message numerus="yes">
            <source>%Ln application(s)</source>
            <translation>
                <numerusform>[%Ļñ åþþļîçåţîöñ(š) ·····]</numerusform>
                <numerusform>[%Ļñ åþþļîçåţîöñ(š) ·····]</numerusform>
            </translation>
        </message>
        <message>
            <source>Sort order</source>
            <translation>[Šöŕţ öŕđéŕ ···]</translation>
        </message>
        <message>
            <source>By name</source>
            <translation>[Ɓý ñåɱé ··]</translation>
        </message>
        <message>
            <source>By size</source>
            <translation>[Ɓý šîžé ··]</translation>
        </message>
        <message>
            <source>By date</source>
            <translation>[Ɓý đåţé ··]</translation>
        </message>
        <message>
            <source>Installed applications</source>
            <translation>[Îñšţåļļéđ åþþļîçåţîöñš ·······]</translation>
        </message>
        <message>
            <source>From %1</source>
            <translation>[Ƒŕöɱ %1 ··]</translation>
        </message>
        <message>
            <source>Update available</source>
            <extracomment>beside an installed application's name: the update check found a newer version</extracomment>
            <translation>[Ûþđåţé åṽåîļåƀļé ·····]</translation>
        </message>
        <message>
            <source>Removing %1</source>
            <translation>[Ŕéɱöṽîñĝ %1 ···]</translation>
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
            <source>No package of this application is known, so it cannot be removed here.</source>
            <translation>[Ñö þåçķåĝé öƒ ţĥîš åþþļîçåţîöñ îš ķñöŵñ, šö îţ çåññöţ ƀé ŕéɱöṽéđ ĥéŕé. ·····················]</translation>
        </message>
        <message>
            <source>Loading applications</source>
            <translation>[Ļöåđîñĝ åþþļîçåţîöñš ······]</translation>
        </message>
        <message>
            <source>No installed applications were found.</source>
            <translation>[Ñö îñšţåļļéđ åþþļîçåţîöñš ŵéŕé ƒöûñđ. ···········]</translation>
        </message>
        <message>
            <source>Remove %1?</source>
            <translation>[Ŕéɱöṽé %1? ···]</translation>
        </message>
        <message>
            <source>%1 will be removed from this computer. Your own files are kept.</source>
            <translation>[%1 ŵîļļ ƀé ŕéɱöṽéđ ƒŕöɱ ţĥîš çöɱþûţéŕ. Ýöûŕ öŵñ ƒîļéš åŕé ķéþţ. ···················]</translation>
        </message>
    </context>
    <context>
        <name>KindBadge</name>
        <message>
            <source>Security</source>
            <extracomment>Badge of an update that fixes a security problem</extracomment>
            <translation>[Šéçûŕîţý ··]</translation>
        </message>
        <message>
            <source>Important</source>
            <translation>[Îɱþöŕţåñţ ···]</translation>
        </message>
        <message>
            <source>Bug fix</source>
            <translation>[Ɓûĝ ƒîẋ ··]</translation>
        </message>
        <message>
            <source>Enhancement</source>
            <translation>[Éñĥåñçéɱéñţ ···]</translation>
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
            <source>Categories</source>
            <translation>[Çåţéĝöŕîéš ···]</translation>
        </message>
        <message>
            <source>Show categories and updates</source>
            <translation>[Šĥöŵ çåţéĝöŕîéš åñđ ûþđåţéš ········]</translation>
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
            <source>Home</source>
            <translation>[Ĥöɱé ·]</translation>
        </message>
        <message>
            <source>Updates</source>
            <translation>[Ûþđåţéš ··]</translation>
        </message>
        <message numerus="yes">
            <source>Updates: %n available</source>
            <translation>
                <numerusform>[Ûþđåţéš: %n åṽåîļåƀļé ······]</numerusform>
                <numerusform>[Ûþđåţéš: %n åṽåîļåƀļé ······]</numerusform>
            </translation>
        </message>
        <message>
            <source>Installed</source>
            <translation>[Îñšţåļļéđ ···]</translation>
        </message>
        <message numerus="yes">
            <source>Installed: %n application(s)</source>
            <translation>
                <numerusform>[Îñšţåļļéđ: %n åþþļîçåţîöñ(š) ········]</numerusform>
                <numerusform>[Îñšţåļļéđ: %n åþþļîçåţîöñ(š) ········]</numerusform>
            </translation>
        </message>
        <message>
            <source>Sources</source>
            <translation>[Šöûŕçéš ··]</translation>
        </message>
        <message>
            <source>Showing the built-in demo catalog</source>
            <translation>[Šĥöŵîñĝ ţĥé ƀûîļţ-îñ đéɱö çåţåļöĝ ··········]</translation>
        </message>
        <message>
            <source>This system's catalog could not be prepared, so demo applications are shown. Reason: %1</source>
            <translation>[Ţĥîš šýšţéɱ'š çåţåļöĝ çöûļđ ñöţ ƀé þŕéþåŕéđ, šö đéɱö åþþļîçåţîöñš åŕé šĥöŵñ. Ŕéåšöñ: %1 ··························]</translation>
        </message>
        <message>
            <source>This system's catalog could not be updated, so the previous one is shown. Reason: %1</source>
            <translation>[Ţĥîš šýšţéɱ'š çåţåļöĝ çöûļđ ñöţ ƀé ûþđåţéđ, šö ţĥé þŕéṽîöûš öñé îš šĥöŵñ. Ŕéåšöñ: %1 ·························]</translation>
        </message>
        <message>
            <source>Updating the catalog with the sources' applications…</source>
            <translation>[Ûþđåţîñĝ ţĥé çåţåļöĝ ŵîţĥ ţĥé šöûŕçéš' åþþļîçåţîöñš… ················]</translation>
        </message>
        <message>
            <source>Other software changes too</source>
            <translation>[Öţĥéŕ šöƒţŵåŕé çĥåñĝéš ţöö ········]</translation>
        </message>
        <message>
            <source>Removing this application also changes these packages:</source>
            <translation>[Ŕéɱöṽîñĝ ţĥîš åþþļîçåţîöñ åļšö çĥåñĝéš ţĥéšé þåçķåĝéš: ················]</translation>
        </message>
        <message>
            <source>Installing this application also changes these packages:</source>
            <translation>[Îñšţåļļîñĝ ţĥîš åþþļîçåţîöñ åļšö çĥåñĝéš ţĥéšé þåçķåĝéš: ·················]</translation>
        </message>
    </context>
    <context>
        <name>Permissions</name>
        <message>
            <source>Can run programs outside its sandbox</source>
            <translation>[Çåñ ŕûñ þŕöĝŕåɱš öûţšîđé îţš šåñđƀöẋ ···········]</translation>
        </message>
        <message>
            <source>Full file system read/write access</source>
            <translation>[Ƒûļļ ƒîļé šýšţéɱ ŕéåđ/ŵŕîţé åççéšš ··········]</translation>
        </message>
        <message>
            <source>Full file system read access</source>
            <translation>[Ƒûļļ ƒîļé šýšţéɱ ŕéåđ åççéšš ········]</translation>
        </message>
        <message>
            <source>Home folder read/write access</source>
            <translation>[Ĥöɱé ƒöļđéŕ ŕéåđ/ŵŕîţé åççéšš ·········]</translation>
        </message>
        <message>
            <source>Home folder read access</source>
            <translation>[Ĥöɱé ƒöļđéŕ ŕéåđ åççéšš ·······]</translation>
        </message>
        <message>
            <source>Download folder read/write access</source>
            <translation>[Đöŵñļöåđ ƒöļđéŕ ŕéåđ/ŵŕîţé åççéšš ··········]</translation>
        </message>
        <message>
            <source>Download folder read access</source>
            <translation>[Đöŵñļöåđ ƒöļđéŕ ŕéåđ åççéšš ········]</translation>
        </message>
        <message>
            <source>Access to some other folders</source>
            <translation>[Åççéšš ţö šöɱé öţĥéŕ ƒöļđéŕš ········]</translation>
        </message>
        <message>
            <source>Uses system services (system bus)</source>
            <translation>[Ûšéš šýšţéɱ šéŕṽîçéš (šýšţéɱ ƀûš) ··········]</translation>
        </message>
        <message>
            <source>Uses every session service (session bus)</source>
            <translation>[Ûšéš éṽéŕý šéššîöñ šéŕṽîçé (šéššîöñ ƀûš) ············]</translation>
        </message>
        <message>
            <source>Access to devices such as webcams or gaming controllers</source>
            <translation>[Åççéšš ţö đéṽîçéš šûçĥ åš ŵéƀçåɱš öŕ ĝåɱîñĝ çöñţŕöļļéŕš ················]</translation>
        </message>
        <message>
            <source>Uses a legacy windowing system (X11): can see other windows</source>
            <translation>[Ûšéš å ļéĝåçý ŵîñđöŵîñĝ šýšţéɱ (Ẋ11): çåñ šéé öţĥéŕ ŵîñđöŵš ··················]</translation>
        </message>
        <message>
            <source>Network access</source>
            <translation>[Ñéţŵöŕķ åççéšš ····]</translation>
        </message>
        <message>
            <source>Can change the desktop's settings</source>
            <translation>[Çåñ çĥåñĝé ţĥé đéšķţöþ'š šéţţîñĝš ··········]</translation>
        </message>
        <message>
            <source>No special permissions (sandboxed)</source>
            <translation>[Ñö šþéçîåļ þéŕɱîššîöñš (šåñđƀöẋéđ) ··········]</translation>
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
        <name>ReleaseList</name>
        <message>
            <source>Version %1 · %2</source>
            <extracomment>a release heading: "Version 43.1 · 4 Mar 2026"</extracomment>
            <translation>[Ṽéŕšîöñ %1 · %2 ····]</translation>
        </message>
        <message>
            <source>Version %1</source>
            <translation>[Ṽéŕšîöñ %1 ···]</translation>
        </message>
        <message>
            <source>No details for this release.</source>
            <translation>[Ñö đéţåîļš ƒöŕ ţĥîš ŕéļéåšé. ········]</translation>
        </message>
    </context>
    <context>
        <name>ReviewsSection</name>
        <message>
            <source>Reviews</source>
            <translation>[Ŕéṽîéŵš ··]</translation>
        </message>
        <message>
            <source>Write a Review</source>
            <translation>[Ŵŕîţé å Ŕéṽîéŵ ····]</translation>
        </message>
        <message>
            <source>Loading reviews…</source>
            <translation>[Ļöåđîñĝ ŕéṽîéŵš… ·····]</translation>
        </message>
        <message>
            <source>These reviews may be out of date: the ratings server could not be reached.</source>
            <translation>[Ţĥéšé ŕéṽîéŵš ɱåý ƀé öûţ öƒ đåţé: ţĥé ŕåţîñĝš šéŕṽéŕ çöûļđ ñöţ ƀé ŕéåçĥéđ. ······················]</translation>
        </message>
        <message>
            <source>Reviews are unavailable: the ratings server could not be reached.</source>
            <translation>[Ŕéṽîéŵš åŕé ûñåṽåîļåƀļé: ţĥé ŕåţîñĝš šéŕṽéŕ çöûļđ ñöţ ƀé ŕéåçĥéđ. ····················]</translation>
        </message>
        <message>
            <source>That did not work: %1</source>
            <extracomment>%1 is the ratings server's own (English) message</extracomment>
            <translation>[Ţĥåţ đîđ ñöţ ŵöŕķ: %1 ······]</translation>
        </message>
        <message>
            <source>Nobody has reviewed this application yet.</source>
            <translation>[Ñöƀöđý ĥåš ŕéṽîéŵéđ ţĥîš åþþļîçåţîöñ ýéţ. ············]</translation>
        </message>
        <message>
            <source>%1 · %2</source>
            <extracomment>who wrote a review and when: "Alice · Mar 4, 2025" (the date in the user's locale)</extracomment>
            <translation>[%1 · %2 ··]</translation>
        </message>
        <message>
            <source>Anonymous</source>
            <translation>[Åñöñýɱöûš ···]</translation>
        </message>
        <message>
            <source>For an older version (%1)</source>
            <extracomment>%1 is the version the reviewer used</extracomment>
            <translation>[Ƒöŕ åñ öļđéŕ ṽéŕšîöñ (%1) ········]</translation>
        </message>
        <message>
            <source>%1 of %2 people found this helpful</source>
            <translation>[%1 öƒ %2 þéöþļé ƒöûñđ ţĥîš ĥéļþƒûļ ··········]</translation>
        </message>
        <message>
            <source>Was this review helpful?</source>
            <translation>[Ŵåš ţĥîš ŕéṽîéŵ ĥéļþƒûļ? ·······]</translation>
        </message>
        <message>
            <source>Yes</source>
            <translation>[Ýéš ·]</translation>
        </message>
        <message>
            <source>No</source>
            <translation>[Ñö ·]</translation>
        </message>
        <message>
            <source>Report…</source>
            <translation>[Ŕéþöŕţ… ··]</translation>
        </message>
        <message>
            <source>Remove My Review…</source>
            <translation>[Ŕéɱöṽé Ṁý Ŕéṽîéŵ… ·····]</translation>
        </message>
        <message>
            <source>Show More Reviews</source>
            <translation>[Šĥöŵ Ṁöŕé Ŕéṽîéŵš ·····]</translation>
        </message>
        <message>
            <source>Report This Review?</source>
            <translation>[Ŕéþöŕţ Ţĥîš Ŕéṽîéŵ? ······]</translation>
        </message>
        <message>
            <source>Remove Your Review?</source>
            <translation>[Ŕéɱöṽé Ýöûŕ Ŕéṽîéŵ? ······]</translation>
        </message>
        <message>
            <source>Report reviews that are abusive, rude or discriminatory. Moderators of the ratings service will look at it.</source>
            <translation>[Ŕéþöŕţ ŕéṽîéŵš ţĥåţ åŕé åƀûšîṽé, ŕûđé öŕ đîšçŕîɱîñåţöŕý. Ṁöđéŕåţöŕš öƒ ţĥé ŕåţîñĝš šéŕṽîçé ŵîļļ ļööķ åţ îţ. ································]</translation>
        </message>
        <message>
            <source>Your review will be deleted from the ratings service.</source>
            <translation>[Ýöûŕ ŕéṽîéŵ ŵîļļ ƀé đéļéţéđ ƒŕöɱ ţĥé ŕåţîñĝš šéŕṽîçé. ················]</translation>
        </message>
    </context>
    <context>
        <name>ScreenshotCarousel</name>
        <message>
            <source>Screenshots</source>
            <translation>[Šçŕééñšĥöţš ···]</translation>
        </message>
        <message>
            <source>Screenshot %1</source>
            <translation>[Šçŕééñšĥöţ %1 ····]</translation>
        </message>
        <message>
            <source>Loading screenshots…</source>
            <translation>[Ļöåđîñĝ šçŕééñšĥöţš… ······]</translation>
        </message>
        <message>
            <source>Screenshots could not be loaded</source>
            <translation>[Šçŕééñšĥöţš çöûļđ ñöţ ƀé ļöåđéđ ·········]</translation>
        </message>
        <message>
            <source>No screenshots</source>
            <translation>[Ñö šçŕééñšĥöţš ····]</translation>
        </message>
        <message>
            <source>Press Enter to view full size</source>
            <translation>[Þŕéšš Éñţéŕ ţö ṽîéŵ ƒûļļ šîžé ·········]</translation>
        </message>
        <message>
            <source>Screenshot</source>
            <translation>[Šçŕééñšĥöţ ···]</translation>
        </message>
        <message>
            <source>Screenshot not available</source>
            <translation>[Šçŕééñšĥöţ ñöţ åṽåîļåƀļé ·······]</translation>
        </message>
        <message>
            <source>View full size</source>
            <translation>[Ṽîéŵ ƒûļļ šîžé ····]</translation>
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
        <name>ScreenshotViewer</name>
        <message>
            <source>Screenshot viewer</source>
            <translation>[Šçŕééñšĥöţ ṽîéŵéŕ ·····]</translation>
        </message>
        <message>
            <source>Screenshot %1 of %2</source>
            <translation>[Šçŕééñšĥöţ %1 öƒ %2 ······]</translation>
        </message>
        <message>
            <source>Close</source>
            <translation>[Çļöšé ··]</translation>
        </message>
        <message>
            <source>Close the screenshot viewer</source>
            <translation>[Çļöšé ţĥé šçŕééñšĥöţ ṽîéŵéŕ ········]</translation>
        </message>
        <message>
            <source>Screenshots</source>
            <translation>[Šçŕééñšĥöţš ···]</translation>
        </message>
        <message>
            <source>Screenshot</source>
            <translation>[Šçŕééñšĥöţ ···]</translation>
        </message>
        <message>
            <source>Screenshot not available</source>
            <translation>[Šçŕééñšĥöţ ñöţ åṽåîļåƀļé ·······]</translation>
        </message>
        <message>
            <source>Previous</source>
            <translation>[Þŕéṽîöûš ··]</translation>
        </message>
        <message>
            <source>Previous screenshot</source>
            <translation>[Þŕéṽîöûš šçŕééñšĥöţ ······]</translation>
        </message>
        <message>
            <source>Next</source>
            <translation>[Ñéẋţ ·]</translation>
        </message>
        <message>
            <source>Next screenshot</source>
            <translation>[Ñéẋţ šçŕééñšĥöţ ····]</translation>
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
        <name>SearchScope</name>
        <message>
            <source>In %1</source>
            <translation>[Îñ %1 ··]</translation>
        </message>
        <message>
            <source>Only in %1</source>
            <translation>[Öñļý îñ %1 ···]</translation>
        </message>
        <message>
            <source>Searching only in %1: search everywhere</source>
            <translation>[Šéåŕçĥîñĝ öñļý îñ %1: šéåŕçĥ éṽéŕýŵĥéŕé ············]</translation>
        </message>
        <message>
            <source>Searching everywhere: search only in %1</source>
            <translation>[Šéåŕçĥîñĝ éṽéŕýŵĥéŕé: šéåŕçĥ öñļý îñ %1 ············]</translation>
        </message>
        <message>
            <source>Search all applications</source>
            <translation>[Šéåŕçĥ åļļ åþþļîçåţîöñš ·······]</translation>
        </message>
        <message>
            <source>Search only in this category</source>
            <translation>[Šéåŕçĥ öñļý îñ ţĥîš çåţéĝöŕý ········]</translation>
        </message>
        <message>
            <source>Did you mean “%1”?</source>
            <translation>[Đîđ ýöû ɱéåñ “%1”? ·····]</translation>
        </message>
    </context>
    <context>
        <name>SourcePicker</name>
        <message>
            <source>Source</source>
            <translation>[Šöûŕçé ··]</translation>
        </message>
        <message>
            <source>Installed</source>
            <translation>[Îñšţåļļéđ ···]</translation>
        </message>
        <message>
            <source>Version %1</source>
            <translation>[Ṽéŕšîöñ %1 ···]</translation>
        </message>
        <message>
            <source>%1 to download</source>
            <translation>[%1 ţö đöŵñļöåđ ····]</translation>
        </message>
        <message>
            <source>%1 installed</source>
            <translation>[%1 îñšţåļļéđ ····]</translation>
        </message>
    </context>
    <context>
        <name>SourceWords</name>
        <message>
            <source>Flatpak sources</source>
            <translation>[Ƒļåţþåķ šöûŕçéš ····]</translation>
        </message>
        <message>
            <source>Add Flatpak source…</source>
            <translation>[Åđđ Ƒļåţþåķ šöûŕçé… ······]</translation>
        </message>
        <message>
            <source>Add a Flatpak source from a .flatpakrepo file</source>
            <translation>[Åđđ å Ƒļåţþåķ šöûŕçé ƒŕöɱ å .ƒļåţþåķŕéþö ƒîļé ··············]</translation>
        </message>
        <message>
            <source>Add Flatpak Source</source>
            <translation>[Åđđ Ƒļåţþåķ Šöûŕçé ·····]</translation>
        </message>
        <message>
            <source>Flatpak repository files (*.flatpakrepo)</source>
            <translation>[Ƒļåţþåķ ŕéþöšîţöŕý ƒîļéš (*.ƒļåţþåķŕéþö) ············]</translation>
        </message>
        <message>
            <source>Add Flatpak Source?</source>
            <translation>[Åđđ Ƒļåţþåķ Šöûŕçé? ······]</translation>
        </message>
        <message>
            <source>Remove Flatpak Source?</source>
            <translation>[Ŕéɱöṽé Ƒļåţþåķ Šöûŕçé? ·······]</translation>
        </message>
        <message>
            <source>This file cannot be added as a Flatpak source: %1</source>
            <translation>[Ţĥîš ƒîļé çåññöţ ƀé åđđéđ åš å Ƒļåţþåķ šöûŕçé: %1 ···············]</translation>
        </message>
        <message>
            <source>A Flatpak source of this name is already configured.</source>
            <translation>[Å Ƒļåţþåķ šöûŕçé öƒ ţĥîš ñåɱé îš åļŕéåđý çöñƒîĝûŕéđ. ················]</translation>
        </message>
        <message>
            <source>No unused Flatpak runtimes.</source>
            <translation>[Ñö ûñûšéđ Ƒļåţþåķ ŕûñţîɱéš. ········]</translation>
        </message>
        <message>
            <source>Package repositories</source>
            <translation>[Þåçķåĝé ŕéþöšîţöŕîéš ······]</translation>
        </message>
        <message>
            <source>Other sources</source>
            <translation>[Öţĥéŕ šöûŕçéš ····]</translation>
        </message>
        <message>
            <source>Add source…</source>
            <translation>[Åđđ šöûŕçé… ···]</translation>
        </message>
        <message>
            <source>Add a source from a file</source>
            <translation>[Åđđ å šöûŕçé ƒŕöɱ å ƒîļé ·······]</translation>
        </message>
        <message>
            <source>Add Source</source>
            <translation>[Åđđ Šöûŕçé ···]</translation>
        </message>
        <message>
            <source>Source files (*)</source>
            <translation>[Šöûŕçé ƒîļéš (*) ·····]</translation>
        </message>
        <message>
            <source>Add Source?</source>
            <translation>[Åđđ Šöûŕçé? ···]</translation>
        </message>
        <message>
            <source>Remove Source?</source>
            <translation>[Ŕéɱöṽé Šöûŕçé? ····]</translation>
        </message>
        <message>
            <source>This file cannot be added as a source: %1</source>
            <translation>[Ţĥîš ƒîļé çåññöţ ƀé åđđéđ åš å šöûŕçé: %1 ············]</translation>
        </message>
        <message>
            <source>A source of this name is already configured.</source>
            <translation>[Å šöûŕçé öƒ ţĥîš ñåɱé îš åļŕéåđý çöñƒîĝûŕéđ. ·············]</translation>
        </message>
        <message>
            <source>Nothing unused to remove.</source>
            <translation>[Ñöţĥîñĝ ûñûšéđ ţö ŕéɱöṽé. ········]</translation>
        </message>
    </context>
    <context>
        <name>Sources</name>
        <message>
            <source>Installed through: %1</source>
            <translation>[Îñšţåļļéđ ţĥŕöûĝĥ: %1 ······]</translation>
        </message>
        <message>
            <source>catalog of %1</source>
            <translation>[çåţåļöĝ öƒ %1 ····]</translation>
        </message>
        <message>
            <source>Downloading the sources' lists</source>
            <translation>[Đöŵñļöåđîñĝ ţĥé šöûŕçéš' ļîšţš ·········]</translation>
        </message>
        <message>
            <source>Waiting</source>
            <translation>[Ŵåîţîñĝ ··]</translation>
        </message>
        <message>
            <source>Preparing</source>
            <translation>[Þŕéþåŕîñĝ ···]</translation>
        </message>
        <message>
            <source>Removing</source>
            <translation>[Ŕéɱöṽîñĝ ··]</translation>
        </message>
        <message>
            <source>Finishing</source>
            <translation>[Ƒîñîšĥîñĝ ···]</translation>
        </message>
        <message>
            <source>Refreshing the sources</source>
            <translation>[Ŕéƒŕéšĥîñĝ ţĥé šöûŕçéš ·······]</translation>
        </message>
        <message>
            <source>The source was added. The catalog is updated with its applications.</source>
            <translation>[Ţĥé šöûŕçé ŵåš åđđéđ. Ţĥé çåţåļöĝ îš ûþđåţéđ ŵîţĥ îţš åþþļîçåţîöñš. ····················]</translation>
        </message>
        <message>
            <source>The source was added. This catalog is a fixed file: its applications appear once the catalog is rebuilt and App Center starts again.</source>
            <translation>[Ţĥé šöûŕçé ŵåš åđđéđ. Ţĥîš çåţåļöĝ îš å ƒîẋéđ ƒîļé: îţš åþþļîçåţîöñš åþþéåŕ öñçé ţĥé çåţåļöĝ îš ŕéƀûîļţ åñđ Åþþ Çéñţéŕ šţåŕţš åĝåîñ. ········································]</translation>
        </message>
        <message>
            <source>The source was removed. The catalog is updated without its applications.</source>
            <translation>[Ţĥé šöûŕçé ŵåš ŕéɱöṽéđ. Ţĥé çåţåļöĝ îš ûþđåţéđ ŵîţĥöûţ îţš åþþļîçåţîöñš. ······················]</translation>
        </message>
        <message>
            <source>The source was removed. This catalog is a fixed file: its applications leave once the catalog is rebuilt and App Center starts again.</source>
            <translation>[Ţĥé šöûŕçé ŵåš ŕéɱöṽéđ. Ţĥîš çåţåļöĝ îš å ƒîẋéđ ƒîļé: îţš åþþļîçåţîöñš ļéåṽé öñçé ţĥé çåţåļöĝ îš ŕéƀûîļţ åñđ Åþþ Çéñţéŕ šţåŕţš åĝåîñ. ········································]</translation>
        </message>
        <message>
            <source>Application catalog</source>
            <translation>[Åþþļîçåţîöñ çåţåļöĝ ······]</translation>
        </message>
        <message>
            <source>System installation (all users)</source>
            <translation>[Šýšţéɱ îñšţåļļåţîöñ (åļļ ûšéŕš) ·········]</translation>
        </message>
        <message>
            <source>Your user installation</source>
            <translation>[Ýöûŕ ûšéŕ îñšţåļļåţîöñ ·······]</translation>
        </message>
        <message>
            <source>Installed applications: %n</source>
            <translation>[Îñšţåļļéđ åþþļîçåţîöñš: %n ········]</translation>
        </message>
        <message>
            <source>disabled</source>
            <translation>[đîšåƀļéđ ··]</translation>
        </message>
        <message>
            <source>Applications installed from this source still use it.</source>
            <translation>[Åþþļîçåţîöñš îñšţåļļéđ ƒŕöɱ ţĥîš šöûŕçé šţîļļ ûšé îţ. ················]</translation>
        </message>
        <message>
            <source>The source was added, but its list of applications could not be downloaded. Try Refresh later.</source>
            <translation>[Ţĥé šöûŕçé ŵåš åđđéđ, ƀûţ îţš ļîšţ öƒ åþþļîçåţîöñš çöûļđ ñöţ ƀé đöŵñļöåđéđ. Ţŕý Ŕéƒŕéšĥ ļåţéŕ. ····························]</translation>
        </message>
        <message>
            <source>%1 could not be refreshed: %2</source>
            <translation>[%1 çöûļđ ñöţ ƀé ŕéƒŕéšĥéđ: %2 ·········]</translation>
        </message>
        <message>
            <source>Distribution</source>
            <translation>[Đîšţŕîƀûţîöñ ····]</translation>
        </message>
        <message>
            <source>%1 (%2)</source>
            <comment>a source's name and its kind</comment>
            <translation>[%1 (%2) ··]</translation>
        </message>
        <message>
            <source>%1 (%2)</source>
            <comment>a group's heading and its source</comment>
            <translation>[%1 (%2) ··]</translation>
        </message>
    </context>
    <context>
        <name>SourcesPage</name>
        <message>
            <source>Sources</source>
            <translation>[Šöûŕçéš ··]</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>[Çåñçéļ ··]</translation>
        </message>
        <message>
            <source>Refresh</source>
            <translation>[Ŕéƒŕéšĥ ··]</translation>
        </message>
        <message>
            <source>Cancel refreshing the sources</source>
            <translation>[Çåñçéļ ŕéƒŕéšĥîñĝ ţĥé šöûŕçéš ·········]</translation>
        </message>
        <message>
            <source>Refresh the sources</source>
            <translation>[Ŕéƒŕéšĥ ţĥé šöûŕçéš ······]</translation>
        </message>
        <message>
            <source>%1 sources are off: install %2, then start appcenter-qt again.</source>
            <translation>[%1 šöûŕçéš åŕé öƒƒ: îñšţåļļ %2, ţĥéñ šţåŕţ åþþçéñţéŕ-ǫţ åĝåîñ. ···················]</translation>
        </message>
        <message>
            <source>The package source does not list its repositories.</source>
            <translation>[Ţĥé þåçķåĝé šöûŕçé đöéš ñöţ ļîšţ îţš ŕéþöšîţöŕîéš. ···············]</translation>
        </message>
        <message>
            <source>Add</source>
            <translation>[Åđđ ·]</translation>
        </message>
        <message>
            <source>Applications from the source this file describes can then be installed. Add only sources you trust.</source>
            <translation>[Åþþļîçåţîöñš ƒŕöɱ ţĥé šöûŕçé ţĥîš ƒîļé đéšçŕîƀéš çåñ ţĥéñ ƀé îñšţåļļéđ. Åđđ öñļý šöûŕçéš ýöû ţŕûšţ. ······························]</translation>
        </message>
        <message>
            <source>Address</source>
            <translation>[Åđđŕéšš ··]</translation>
        </message>
        <message>
            <source>Website</source>
            <translation>[Ŵéƀšîţé ··]</translation>
        </message>
        <message>
            <source>Description</source>
            <translation>[Đéšçŕîþţîöñ ···]</translation>
        </message>
        <message>
            <source>File</source>
            <translation>[Ƒîļé ·]</translation>
        </message>
        <message>
            <source>For all users of this computer</source>
            <translation>[Ƒöŕ åļļ ûšéŕš öƒ ţĥîš çöɱþûţéŕ ·········]</translation>
        </message>
        <message>
            <source>Adding a source for all users asks for an administrator's password.</source>
            <translation>[Åđđîñĝ å šöûŕçé ƒöŕ åļļ ûšéŕš åšķš ƒöŕ åñ åđɱîñîšţŕåţöŕ'š þåššŵöŕđ. ····················]</translation>
        </message>
        <message numerus="yes">
            <source>%n %1 runtime(s) no installed application needs.</source>
            <translation>
                <numerusform>[%n %1 ŕûñţîɱé(š) ñö îñšţåļļéđ åþþļîçåţîöñ ñééđš. ··············]</numerusform>
                <numerusform>[%n %1 ŕûñţîɱé(š) ñö îñšţåļļéđ åþþļîçåţîöñ ñééđš. ··············]</numerusform>
            </translation>
        </message>
        <message>
            <source>Remove</source>
            <translation>[Ŕéɱöṽé ··]</translation>
        </message>
        <message>
            <source>No more applications can be installed or updated from it.</source>
            <translation>[Ñö ɱöŕé åþþļîçåţîöñš çåñ ƀé îñšţåļļéđ öŕ ûþđåţéđ ƒŕöɱ îţ. ·················]</translation>
        </message>
        <message>
            <source>These applications were installed from it and will be removed too:</source>
            <translation>[Ţĥéšé åþþļîçåţîöñš ŵéŕé îñšţåļļéđ ƒŕöɱ îţ åñđ ŵîļļ ƀé ŕéɱöṽéđ ţöö: ····················]</translation>
        </message>
        <message>
            <source>Remove Unused Runtimes?</source>
            <translation>[Ŕéɱöṽé Ûñûšéđ Ŕûñţîɱéš? ·······]</translation>
        </message>
        <message numerus="yes">
            <source>%n runtime(s) that no installed application needs will be removed. They are downloaded again when an application needs them.</source>
            <translation>
                <numerusform>[%n ŕûñţîɱé(š) ţĥåţ ñö îñšţåļļéđ åþþļîçåţîöñ ñééđš ŵîļļ ƀé ŕéɱöṽéđ. Ţĥéý åŕé đöŵñļöåđéđ åĝåîñ ŵĥéñ åñ åþþļîçåţîöñ ñééđš ţĥéɱ. ·····································]</numerusform>
                <numerusform>[%n ŕûñţîɱé(š) ţĥåţ ñö îñšţåļļéđ åþþļîçåţîöñ ñééđš ŵîļļ ƀé ŕéɱöṽéđ. Ţĥéý åŕé đöŵñļöåđéđ åĝåîñ ŵĥéñ åñ åþþļîçåţîöñ ñééđš ţĥéɱ. ·····································]</numerusform>
            </translation>
        </message>
        <message>
            <source>Looking for unused runtimes…</source>
            <translation>[Ļööķîñĝ ƒöŕ ûñûšéđ ŕûñţîɱéš… ········]</translation>
        </message>
        <message>
            <source>Remove unused runtimes</source>
            <translation>[Ŕéɱöṽé ûñûšéđ ŕûñţîɱéš ·······]</translation>
        </message>
        <message>
            <source>Changing %1</source>
            <translation>[Çĥåñĝîñĝ %1 ···]</translation>
        </message>
        <message>
            <source>Disable %1</source>
            <translation>[Đîšåƀļé %1 ···]</translation>
        </message>
        <message>
            <source>Enable %1</source>
            <translation>[Éñåƀļé %1 ···]</translation>
        </message>
        <message>
            <source>Remove %1</source>
            <translation>[Ŕéɱöṽé %1 ···]</translation>
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
        <name>Transactions</name>
        <message>
            <source>Downloading</source>
            <translation>[Đöŵñļöåđîñĝ ···]</translation>
        </message>
        <message>
            <source>Installing</source>
            <translation>[Îñšţåļļîñĝ ···]</translation>
        </message>
        <message>
            <source>Removing</source>
            <translation>[Ŕéɱöṽîñĝ ··]</translation>
        </message>
        <message>
            <source>Waiting</source>
            <translation>[Ŵåîţîñĝ ··]</translation>
        </message>
        <message>
            <source>Finishing</source>
            <translation>[Ƒîñîšĥîñĝ ···]</translation>
        </message>
        <message>
            <source>Preparing removal</source>
            <translation>[Þŕéþåŕîñĝ ŕéɱöṽåļ ·····]</translation>
        </message>
        <message>
            <source>Preparing installation</source>
            <translation>[Þŕéþåŕîñĝ îñšţåļļåţîöñ ·······]</translation>
        </message>
        <message>
            <source>installed</source>
            <translation>[îñšţåļļéđ ···]</translation>
        </message>
        <message>
            <source>removed</source>
            <translation>[ŕéɱöṽéđ ··]</translation>
        </message>
        <message>
            <source>updated</source>
            <translation>[ûþđåţéđ ··]</translation>
        </message>
        <message>
            <source>downgraded</source>
            <translation>[đöŵñĝŕåđéđ ···]</translation>
        </message>
        <message>
            <source>reinstalled</source>
            <translation>[ŕéîñšţåļļéđ ···]</translation>
        </message>
        <message>
            <source>changed</source>
            <translation>[çĥåñĝéđ ··]</translation>
        </message>
        <message>
            <source>%1 %2 (%3)</source>
            <translation>[%1 %2 (%3) ···]</translation>
        </message>
    </context>
    <context>
        <name>TrayNotifier</name>
        <message>
            <source>Show updates</source>
            <translation>[Šĥöŵ ûþđåţéš ····]</translation>
        </message>
        <message>
            <source>Check now</source>
            <translation>[Çĥéçķ ñöŵ ···]</translation>
        </message>
        <message>
            <source>Restart and update</source>
            <translation>[Ŕéšţåŕţ åñđ ûþđåţé ·····]</translation>
        </message>
        <message>
            <source>%n update(s)</source>
            <translation>[%n ûþđåţé(š) ····]</translation>
        </message>
        <message>
            <source>%1, %n security</source>
            <extracomment>%1 is "N updates", %n the number of them that fix security problems</extracomment>
            <translation>[%1, %n šéçûŕîţý ····]</translation>
        </message>
        <message>
            <source>%n more</source>
            <translation>[%n ɱöŕé ··]</translation>
        </message>
        <message>
            <source>System infrastructure: %n package(s)</source>
            <translation>[Šýšţéɱ îñƒŕåšţŕûçţûŕé: %n þåçķåĝé(š) ···········]</translation>
        </message>
        <message>
            <source>Downloaded: installs at the next restart</source>
            <translation>[Đöŵñļöåđéđ: îñšţåļļš åţ ţĥé ñéẋţ ŕéšţåŕţ ············]</translation>
        </message>
    </context>
    <context>
        <name>UpdateNotice</name>
        <message>
            <source>%n update(s) available, including security fixes</source>
            <translation>[%n ûþđåţé(š) åṽåîļåƀļé, îñçļûđîñĝ šéçûŕîţý ƒîẋéš ··············]</translation>
        </message>
        <message>
            <source>%n update(s) available</source>
            <translation>[%n ûþđåţé(š) åṽåîļåƀļé ·······]</translation>
        </message>
        <message>
            <source>%1 and %n more</source>
            <extracomment>%1 is a list of application names, %n how many more applications there are</extracomment>
            <translation>[%1 åñđ %n ɱöŕé ····]</translation>
        </message>
        <message>
            <source>System infrastructure: %n package(s)</source>
            <extracomment>the System infrastructure group of the Updates page; %n is a package count</extracomment>
            <translation>[Šýšţéɱ îñƒŕåšţŕûçţûŕé: %n þåçķåĝé(š) ···········]</translation>
        </message>
        <message>
            <source>Show updates</source>
            <translation>[Šĥöŵ ûþđåţéš ····]</translation>
        </message>
        <message>
            <source>Automatic updates failed: %1</source>
            <translation>[Åûţöɱåţîç ûþđåţéš ƒåîļéđ: %1 ········]</translation>
        </message>
        <message>
            <source>%n application(s) were updated automatically.</source>
            <translation>[%n åþþļîçåţîöñ(š) ŵéŕé ûþđåţéđ åûţöɱåţîçåļļý. ··············]</translation>
        </message>
        <message>
            <source>Your system is up to date.</source>
            <translation>[Ýöûŕ šýšţéɱ îš ûþ ţö đåţé. ········]</translation>
        </message>
    </context>
    <context>
        <name>UpdateRow</name>
        <message>
            <source>Update %1</source>
            <translation>[Ûþđåţé %1 ···]</translation>
        </message>
        <message numerus="yes">
            <source>%n package(s), including security fixes</source>
            <translation>
                <numerusform>[%n þåçķåĝé(š), îñçļûđîñĝ šéçûŕîţý ƒîẋéš ············]</numerusform>
                <numerusform>[%n þåçķåĝé(š), îñçļûđîñĝ šéçûŕîţý ƒîẋéš ············]</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>The desktop itself: %n package(s)</source>
            <translation>
                <numerusform>[Ţĥé đéšķţöþ îţšéļƒ: %n þåçķåĝé(š) ··········]</numerusform>
                <numerusform>[Ţĥé đéšķţöþ îţšéļƒ: %n þåçķåĝé(š) ··········]</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Libraries, services and the system underneath: %n package(s)</source>
            <translation>
                <numerusform>[Ļîƀŕåŕîéš, šéŕṽîçéš åñđ ţĥé šýšţéɱ ûñđéŕñéåţĥ: %n þåçķåĝé(š) ··················]</numerusform>
                <numerusform>[Ļîƀŕåŕîéš, šéŕṽîçéš åñđ ţĥé šýšţéɱ ûñđéŕñéåţĥ: %n þåçķåĝé(š) ··················]</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Libraries, services and the system itself: %n package(s)</source>
            <translation>
                <numerusform>[Ļîƀŕåŕîéš, šéŕṽîçéš åñđ ţĥé šýšţéɱ îţšéļƒ: %n þåçķåĝé(š) ·················]</numerusform>
                <numerusform>[Ļîƀŕåŕîéš, šéŕṽîçéš åñđ ţĥé šýšţéɱ îţšéļƒ: %n þåçķåĝé(š) ·················]</numerusform>
            </translation>
        </message>
        <message>
            <source>Checking what this update needs…</source>
            <translation>[Çĥéçķîñĝ ŵĥåţ ţĥîš ûþđåţé ñééđš… ··········]</translation>
        </message>
        <message numerus="yes">
            <source>Also updates %n system component(s) and %1</source>
            <translation>
                <numerusform>[Åļšö ûþđåţéš %n šýšţéɱ çöɱþöñéñţ(š) åñđ %1 ·············]</numerusform>
                <numerusform>[Åļšö ûþđåţéš %n šýšţéɱ çöɱþöñéñţ(š) åñđ %1 ·············]</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Also updates %n system component(s)</source>
            <translation>
                <numerusform>[Åļšö ûþđåţéš %n šýšţéɱ çöɱþöñéñţ(š) ··········]</numerusform>
                <numerusform>[Åļšö ûþđåţéš %n šýšţéɱ çöɱþöñéñţ(š) ··········]</numerusform>
            </translation>
        </message>
        <message>
            <source>Also updates %1</source>
            <translation>[Åļšö ûþđåţéš %1 ····]</translation>
        </message>
        <message numerus="yes">
            <source>%n of them needed by the selected applications</source>
            <translation>
                <numerusform>[%n öƒ ţĥéɱ ñééđéđ ƀý ţĥé šéļéçţéđ åþþļîçåţîöñš ··············]</numerusform>
                <numerusform>[%n öƒ ţĥéɱ ñééđéđ ƀý ţĥé šéļéçţéđ åþþļîçåţîöñš ··············]</numerusform>
            </translation>
        </message>
        <message>
            <source>Needed by %1</source>
            <translation>[Ñééđéđ ƀý %1 ····]</translation>
        </message>
        <message>
            <source>Update all packages of %1</source>
            <translation>[Ûþđåţé åļļ þåçķåĝéš öƒ %1 ········]</translation>
        </message>
        <message>
            <source>Less</source>
            <translation>[Ļéšš ·]</translation>
        </message>
        <message>
            <source>What's new</source>
            <translation>[Ŵĥåţ'š ñéŵ ···]</translation>
        </message>
        <message>
            <source>Updated</source>
            <translation>[Ûþđåţéđ ··]</translation>
        </message>
        <message>
            <source>Hide packages</source>
            <translation>[Ĥîđé þåçķåĝéš ····]</translation>
        </message>
        <message>
            <source>Show packages</source>
            <translation>[Šĥöŵ þåçķåĝéš ····]</translation>
        </message>
    </context>
    <context>
        <name>Updates</name>
        <message>
            <source>Restart the computer to finish installing the updates.</source>
            <translation>[Ŕéšţåŕţ ţĥé çöɱþûţéŕ ţö ƒîñîšĥ îñšţåļļîñĝ ţĥé ûþđåţéš. ················]</translation>
        </message>
        <message>
            <source>Log out and back in to finish installing the updates.</source>
            <translation>[Ļöĝ öûţ åñđ ƀåçķ îñ ţö ƒîñîšĥ îñšţåļļîñĝ ţĥé ûþđåţéš. ················]</translation>
        </message>
        <message>
            <source>Restart the updated applications to use the new versions.</source>
            <translation>[Ŕéšţåŕţ ţĥé ûþđåţéđ åþþļîçåţîöñš ţö ûšé ţĥé ñéŵ ṽéŕšîöñš. ·················]</translation>
        </message>
        <message>
            <source>You are not allowed to install updates.</source>
            <translation>[Ýöû åŕé ñöţ åļļöŵéđ ţö îñšţåļļ ûþđåţéš. ············]</translation>
        </message>
        <message>
            <source>System infrastructure</source>
            <translation>[Šýšţéɱ îñƒŕåšţŕûçţûŕé ······]</translation>
        </message>
        <message>
            <source>Core desktop</source>
            <translation>[Çöŕé đéšķţöþ ····]</translation>
        </message>
        <message>
            <source>Base platform</source>
            <translation>[Ɓåšé þļåţƒöŕɱ ····]</translation>
        </message>
        <message>
            <source>The update can no longer be cancelled: %1</source>
            <translation>[Ţĥé ûþđåţé çåñ ñö ļöñĝéŕ ƀé çåñçéļļéđ: %1 ············]</translation>
        </message>
        <message>
            <source>The updates are downloaded and ready to install at restart.</source>
            <translation>[Ţĥé ûþđåţéš åŕé đöŵñļöåđéđ åñđ ŕéåđý ţö îñšţåļļ åţ ŕéšţåŕţ. ··················]</translation>
        </message>
        <message>
            <source>The updates were installed.</source>
            <translation>[Ţĥé ûþđåţéš ŵéŕé îñšţåļļéđ. ········]</translation>
        </message>
        <message>
            <source>The update was cancelled.</source>
            <translation>[Ţĥé ûþđåţé ŵåš çåñçéļļéđ. ········]</translation>
        </message>
        <message>
            <source>The updates could not be installed while the computer restarted: %1</source>
            <translation>[Ţĥé ûþđåţéš çöûļđ ñöţ ƀé îñšţåļļéđ ŵĥîļé ţĥé çöɱþûţéŕ ŕéšţåŕţéđ: %1 ····················]</translation>
        </message>
        <message>
            <source>The computer could not be restarted (%1). The updates will be installed the next time it restarts.</source>
            <extracomment>%1 is why (systemd-logind's words)</extracomment>
            <translation>[Ţĥé çöɱþûţéŕ çöûļđ ñöţ ƀé ŕéšţåŕţéđ (%1). Ţĥé ûþđåţéš ŵîļļ ƀé îñšţåļļéđ ţĥé ñéẋţ ţîɱé îţ ŕéšţåŕţš. ·····························]</translation>
        </message>
        <message>
            <source> and %1 more</source>
            <translation>[ åñđ %1 ɱöŕé ····]</translation>
        </message>
    </context>
    <context>
        <name>UpdatesPage</name>
        <message>
            <source>Updates</source>
            <translation>[Ûþđåţéš ··]</translation>
        </message>
        <message numerus="yes">
            <source>%n update(s), including security fixes</source>
            <translation>
                <numerusform>[%n ûþđåţé(š), îñçļûđîñĝ šéçûŕîţý ƒîẋéš ···········]</numerusform>
                <numerusform>[%n ûþđåţé(š), îñçļûđîñĝ šéçûŕîţý ƒîẋéš ···········]</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n update(s)</source>
            <translation>
                <numerusform>[%n ûþđåţé(š) ····]</numerusform>
                <numerusform>[%n ûþđåţé(š) ····]</numerusform>
            </translation>
        </message>
        <message>
            <source>Check again</source>
            <translation>[Çĥéçķ åĝåîñ ···]</translation>
        </message>
        <message>
            <source>Update selected</source>
            <translation>[Ûþđåţé šéļéçţéđ ····]</translation>
        </message>
        <message>
            <source>Update all</source>
            <translation>[Ûþđåţé åļļ ···]</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>[Çåñçéļ ··]</translation>
        </message>
        <message numerus="yes">
            <source>%n package(s) selected</source>
            <translation>
                <numerusform>[%n þåçķåĝé(š) šéļéçţéđ ·······]</numerusform>
                <numerusform>[%n þåçķåĝé(š) šéļéçţéđ ·······]</numerusform>
            </translation>
        </message>
        <message>
            <source>checking what the updates need…</source>
            <translation>[çĥéçķîñĝ ŵĥåţ ţĥé ûþđåţéš ñééđ… ·········]</translation>
        </message>
        <message>
            <source>Install system updates while the computer restarts</source>
            <translation>[Îñšţåļļ šýšţéɱ ûþđåţéš ŵĥîļé ţĥé çöɱþûţéŕ ŕéšţåŕţš ···············]</translation>
        </message>
        <message>
            <source>Set by your administrator</source>
            <translation>[Šéţ ƀý ýöûŕ åđɱîñîšţŕåţöŕ ········]</translation>
        </message>
        <message>
            <source>Dismiss</source>
            <translation>[Đîšɱîšš ··]</translation>
        </message>
        <message numerus="yes">
            <source>%n system update(s) downloaded and ready to install.</source>
            <translation>
                <numerusform>[%n šýšţéɱ ûþđåţé(š) đöŵñļöåđéđ åñđ ŕéåđý ţö îñšţåļļ. ················]</numerusform>
                <numerusform>[%n šýšţéɱ ûþđåţé(š) đöŵñļöåđéđ åñđ ŕéåđý ţö îñšţåļļ. ················]</numerusform>
            </translation>
        </message>
        <message>
            <source>The updates will be installed the next time the computer restarts; then it powers off.</source>
            <translation>[Ţĥé ûþđåţéš ŵîļļ ƀé îñšţåļļéđ ţĥé ñéẋţ ţîɱé ţĥé çöɱþûţéŕ ŕéšţåŕţš; ţĥéñ îţ þöŵéŕš öƒƒ. ··························]</translation>
        </message>
        <message>
            <source>The updates will be installed the next time the computer restarts.</source>
            <translation>[Ţĥé ûþđåţéš ŵîļļ ƀé îñšţåļļéđ ţĥé ñéẋţ ţîɱé ţĥé çöɱþûţéŕ ŕéšţåŕţš. ····················]</translation>
        </message>
        <message>
            <source>Restart and update</source>
            <translation>[Ŕéšţåŕţ åñđ ûþđåţé ·····]</translation>
        </message>
        <message>
            <source>Power off and update</source>
            <translation>[Þöŵéŕ öƒƒ åñđ ûþđåţé ······]</translation>
        </message>
        <message>
            <source>Do not install the updates at the next restart</source>
            <translation>[Đö ñöţ îñšţåļļ ţĥé ûþđåţéš åţ ţĥé ñéẋţ ŕéšţåŕţ ··············]</translation>
        </message>
        <message>
            <source>Available updates</source>
            <translation>[Åṽåîļåƀļé ûþđåţéš ·····]</translation>
        </message>
        <message>
            <source>Updates need a package manager, and none is available.</source>
            <translation>[Ûþđåţéš ñééđ å þåçķåĝé ɱåñåĝéŕ, åñđ ñöñé îš åṽåîļåƀļé. ················]</translation>
        </message>
        <message>
            <source>Looking for updates…</source>
            <translation>[Ļööķîñĝ ƒöŕ ûþđåţéš… ······]</translation>
        </message>
        <message>
            <source>Could not look for updates.</source>
            <translation>[Çöûļđ ñöţ ļööķ ƒöŕ ûþđåţéš. ········]</translation>
        </message>
        <message>
            <source>Waiting for the catalog…</source>
            <translation>[Ŵåîţîñĝ ƒöŕ ţĥé çåţåļöĝ… ·······]</translation>
        </message>
        <message>
            <source>Your system is up to date.</source>
            <translation>[Ýöûŕ šýšţéɱ îš ûþ ţö đåţé. ········]</translation>
        </message>
    </context>
    <context>
        <name>WriteReviewDialog</name>
        <message>
            <source>Choose how many stars to give.</source>
            <translation>[Çĥööšé ĥöŵ ɱåñý šţåŕš ţö ĝîṽé. ·········]</translation>
        </message>
        <message>
            <source>Write a short summary.</source>
            <translation>[Ŵŕîţé å šĥöŕţ šûɱɱåŕý. ·······]</translation>
        </message>
        <message>
            <source>The summary is too long.</source>
            <translation>[Ţĥé šûɱɱåŕý îš ţöö ļöñĝ. ·······]</translation>
        </message>
        <message>
            <source>Write what you think of the application.</source>
            <translation>[Ŵŕîţé ŵĥåţ ýöû ţĥîñķ öƒ ţĥé åþþļîçåţîöñ. ············]</translation>
        </message>
        <message>
            <source>The review is too long.</source>
            <translation>[Ţĥé ŕéṽîéŵ îš ţöö ļöñĝ. ·······]</translation>
        </message>
        <message>
            <source>The review cannot contain the character “&lt;”.</source>
            <translation>[Ţĥé ŕéṽîéŵ çåññöţ çöñţåîñ ţĥé çĥåŕåçţéŕ “&lt;”. ·············]</translation>
        </message>
        <message>
            <source>Review %1</source>
            <translation>[Ŕéṽîéŵ %1 ···]</translation>
        </message>
        <message>
            <source>Rating</source>
            <translation>[Ŕåţîñĝ ··]</translation>
        </message>
        <message numerus="yes">
            <source>%n star(s)</source>
            <translation>
                <numerusform>[%n šţåŕ(š) ···]</numerusform>
                <numerusform>[%n šţåŕ(š) ···]</numerusform>
            </translation>
        </message>
        <message>
            <source>Summary</source>
            <translation>[Šûɱɱåŕý ··]</translation>
        </message>
        <message>
            <source>Sum up your review in a few words</source>
            <translation>[Šûɱ ûþ ýöûŕ ŕéṽîéŵ îñ å ƒéŵ ŵöŕđš ··········]</translation>
        </message>
        <message>
            <source>%1 / %2</source>
            <translation>[%1 / %2 ··]</translation>
        </message>
        <message>
            <source>Review</source>
            <translation>[Ŕéṽîéŵ ··]</translation>
        </message>
        <message>
            <source>What do you like or dislike about it?</source>
            <translation>[Ŵĥåţ đö ýöû ļîķé öŕ đîšļîķé åƀöûţ îţ? ···········]</translation>
        </message>
        <message>
            <source>Name shown with the review</source>
            <translation>[Ñåɱé šĥöŵñ ŵîţĥ ţĥé ŕéṽîéŵ ········]</translation>
        </message>
        <message>
            <source>Anonymous</source>
            <translation>[Åñöñýɱöûš ···]</translation>
        </message>
        <message>
            <source>You have already reviewed this application.</source>
            <translation>[Ýöû ĥåṽé åļŕéåđý ŕéṽîéŵéđ ţĥîš åþþļîçåţîöñ. ·············]</translation>
        </message>
        <message>
            <source>The review was not published: %1</source>
            <extracomment>%1 is the ratings server's own (English) message</extracomment>
            <translation>[Ţĥé ŕéṽîéŵ ŵåš ñöţ þûƀļîšĥéđ: %1 ··········]</translation>
        </message>
        <message>
            <source>Publish</source>
            <translation>[Þûƀļîšĥ ··]</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>[Çåñçéļ ··]</translation>
        </message>
    </context>
</TS>
