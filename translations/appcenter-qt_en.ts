<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>AppCard</name>
    <message numerus="yes">
        <source>%1 · %Ln rating(s)</source>
        <extracomment>the average of the votes on a 1 to 5 scale, and how many votes there are</extracomment>
        <translation>
            <numerusform>%1 · %Ln rating</numerusform>
            <numerusform>%1 · %Ln ratings</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>AppPage</name>
    <message numerus="yes">
        <source>%1 · %Ln rating(s)</source>
        <extracomment>the average of the votes on a 1 to 5 scale, and how many votes there are</extracomment>
        <translation>
            <numerusform>%1 · %Ln rating</numerusform>
            <numerusform>%1 · %Ln ratings</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BrowsePage</name>
    <message numerus="yes">
        <source>%Ln application(s)</source>
        <translation>
            <numerusform>%Ln application</numerusform>
            <numerusform>%Ln applications</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>InstalledPage</name>
    <message numerus="yes">
        <source>%Ln application(s)</source>
        <translation>
            <numerusform>%Ln application</numerusform>
            <numerusform>%Ln applications</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Main</name>
    <message numerus="yes">
        <source>Updates: %n available</source>
        <translation>
            <numerusform>Updates: %n available</numerusform>
            <numerusform>Updates: %n available</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Installed: %n application(s)</source>
        <translation>
            <numerusform>Installed: %n application</numerusform>
            <numerusform>Installed: %n applications</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SourcesPage</name>
    <message numerus="yes">
        <source>%n runtime(s) that no installed application needs will be removed. They are downloaded again when an application needs them.</source>
        <translation>
            <numerusform>%n runtime that no installed application needs will be removed. They are downloaded again when an application needs them.</numerusform>
            <numerusform>%n runtimes that no installed application needs will be removed. They are downloaded again when an application needs them.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n %1 runtime(s) no installed application needs.</source>
        <translation>
            <numerusform>%n %1 runtime no installed application needs.</numerusform>
            <numerusform>%n %1 runtimes no installed application needs.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>UpdateRow</name>
    <message numerus="yes">
        <source>%n package(s), including security fixes</source>
        <translation>
            <numerusform>%n package, including security fixes</numerusform>
            <numerusform>%n packages, including security fixes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The desktop itself: %n package(s)</source>
        <translation>
            <numerusform>The desktop itself: %n package</numerusform>
            <numerusform>The desktop itself: %n packages</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Libraries, services and the system underneath: %n package(s)</source>
        <translation>
            <numerusform>Libraries, services and the system underneath: %n package</numerusform>
            <numerusform>Libraries, services and the system underneath: %n packages</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Libraries, services and the system itself: %n package(s)</source>
        <translation>
            <numerusform>Libraries, services and the system itself: %n package</numerusform>
            <numerusform>Libraries, services and the system itself: %n packages</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Also updates %n system component(s) and %1</source>
        <translation>
            <numerusform>Also updates %n system component and %1</numerusform>
            <numerusform>Also updates %n system components and %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Also updates %n system component(s)</source>
        <translation>
            <numerusform>Also updates %n system component</numerusform>
            <numerusform>Also updates %n system components</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n of them needed by the selected applications</source>
        <translation>
            <numerusform>%n of them needed by the selected applications</numerusform>
            <numerusform>%n of them needed by the selected applications</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>UpdatesPage</name>
    <message numerus="yes">
        <source>%n update(s), including security fixes</source>
        <translation>
            <numerusform>%n update, including security fixes</numerusform>
            <numerusform>%n updates, including security fixes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n update(s)</source>
        <translation>
            <numerusform>%n update</numerusform>
            <numerusform>%n updates</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n package(s) selected</source>
        <translation>
            <numerusform>%n package selected</numerusform>
            <numerusform>%n packages selected</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n system update(s) downloaded and ready to install.</source>
        <translation>
            <numerusform>%n system update downloaded and ready to install.</numerusform>
            <numerusform>%n system updates downloaded and ready to install.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WriteReviewDialog</name>
    <message numerus="yes">
        <source>%n star(s)</source>
        <translation>
            <numerusform>%n star</numerusform>
            <numerusform>%n stars</numerusform>
        </translation>
    </message>
</context>
</TS>
