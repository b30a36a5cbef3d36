pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import AppCenter.components

// One application: icon, name, summary, developer, age/licence/version badges; Install/Remove
// with progress and Cancel (Launch once installed); screenshots with a full-screen viewer;
// description (paragraphs and lists); links; add-ons; releases; ratings (average and
// histogram: the Bayesian score only orders lists); package facts and the age rating's reasons. Every text from the catalog is plain text. On a narrow window the
// header wraps (icon and name on top, the buttons below) so Install/Remove stays visible.
Page {
    id: page

    required property var appDetails
    required property var transactions
    required property var navigation
    required property var packageDetails
    required property var launcher
    property var reviews: null

    readonly property string appState: page.transactions.state
    // on this machine ("updatable": installed, an update waits on the Updates page)
    readonly property bool installed: page.appState === "installed" || page.appState === "updatable"
    readonly property bool busy: page.transactions.running
    // Several sources, and the sources said where it is installed: Install and Remove follow
    // the picker's choice (install the remote's app beside the distribution's, or remove one).
    readonly property bool pickSource: page.packageDetails.sources.length > 1
                                       && page.transactions.installedSources.length > 0
    readonly property bool selectedInstalled:
        page.transactions.installedSources.indexOf(page.packageDetails.selectedSource) >= 0
    readonly property bool canInstall: !page.busy && page.appState !== "removing"
        && (page.pickSource ? !page.selectedInstalled : !page.installed)
    readonly property bool canRemove: !page.busy && page.installed
        && (!page.pickSource || page.selectedInstalled)
    readonly property bool narrow: page.width < 700
    readonly property real margin: page.narrow ? Theme.largeSpacing : Theme.gridUnit * 1.5
    // A readable measure: body text lines of about 80 characters, never the window's width.
    readonly property real measure: Math.ceil(bodyMetrics.averageCharacterWidth * 80)
    // The page's column: the measure plus room for the facts beside the ratings, centred.
    readonly property real columnWidth: Math.min(scroll.availableWidth,
                                                 page.measure + Theme.gridUnit * 12 + 2 * page.margin)
    // Section headings: between the application's name and the body text.
    readonly property real sectionSize: Theme.bodySize * 1.35
    //: the content rating: the youngest age the application suits
    readonly property string ageText: page.appDetails.minimumAge <= 0 ? qsTr("All ages")
                                      : qsTr("Ages %1+").arg(page.appDetails.minimumAge)
    readonly property string licenseText: page.appDetails.licenseKind === "free" ? qsTr("Free software")
                                          : page.appDetails.licenseKind === "proprietary" ? qsTr("Proprietary")
                                          : qsTr("Unknown license")

    Accessible.name: page.appDetails.name

    FontMetrics {
        id: bodyMetrics
    }

    component SectionHeading: Label {
        textFormat: Text.PlainText
        font.bold: true
        font.pointSize: page.sectionSize
        wrapMode: Text.Wrap
        Accessible.role: Accessible.Heading
        Layout.fillWidth: true
    }

    ScrollView {
        id: scroll
        anchors.fill: parent
        contentWidth: availableWidth
        clip: true

        ColumnLayout {
            objectName: "pageColumn"
            width: page.columnWidth
            x: Math.round((scroll.availableWidth - page.columnWidth) / 2)
            spacing: Theme.largeSpacing

            Label {
                textFormat: Text.PlainText
                visible: !page.appDetails.loading && !page.appDetails.found
                text: qsTr("This application is not in the catalog.")
                Layout.margins: page.margin
            }

            GridLayout {
                objectName: "appHeader"
                visible: page.appDetails.found
                columns: page.narrow ? 2 : 3
                columnSpacing: page.narrow ? Theme.largeSpacing : Theme.gridUnit
                rowSpacing: Theme.largeSpacing
                Layout.fillWidth: true
                Layout.leftMargin: page.margin
                Layout.rightMargin: page.margin
                Layout.topMargin: page.margin

                Image {
                    // read by --screenshot, which waits for every image
                    readonly property bool isLoading: status === Image.Loading
                    source: page.appDetails.iconUrl
                    sourceSize.width: 128
                    sourceSize.height: 128
                    Layout.preferredWidth: page.narrow ? 64 : 128
                    Layout.preferredHeight: page.narrow ? 64 : 128
                    Layout.alignment: Qt.AlignTop
                    asynchronous: false  // a Python image provider: see AppCard.qml
                    Accessible.ignored: true
                }
                ColumnLayout {
                    Layout.fillWidth: true
                    Layout.alignment: Qt.AlignTop
                    spacing: Theme.spacing
                    Label {
                        objectName: "appName"
                        text: page.appDetails.name
                        textFormat: Text.PlainText
                        font.pointSize: page.narrow ? Theme.headingSize : Theme.titleSize
                        font.bold: true
                        Accessible.role: Accessible.Heading
                        elide: Text.ElideRight
                        maximumLineCount: 3  // "GNU Image Manipulation Program" at 1.6× font
                        wrapMode: Text.Wrap
                        Layout.fillWidth: true
                    }
                    Label {
                        text: page.appDetails.summary
                        textFormat: Text.PlainText
                        font.pointSize: Theme.subheadingSize
                        wrapMode: Text.Wrap
                        elide: Text.ElideRight
                        maximumLineCount: 3
                        Layout.fillWidth: true
                    }
                    Label {
                        visible: page.appDetails.developer !== ""
                        text: page.appDetails.developer
                        textFormat: Text.PlainText
                        color: Theme.mutedText
                        elide: Text.ElideRight
                        Layout.fillWidth: true
                    }
                    Flow {
                        objectName: "appBadges"
                        spacing: Theme.spacing
                        Layout.fillWidth: true
                        // wraps to the width it is given; never widens the header
                        Layout.preferredWidth: 0
                        Badge {
                            objectName: "ageBadge"
                            visible: page.appDetails.contentRatingKnown
                            text: page.ageText
                            fill: page.appDetails.minimumAge >= 16 ? Theme.warning : "transparent"
                            textColor: page.appDetails.minimumAge >= 16 ? Theme.warningText : Theme.text
                        }
                        Badge {
                            objectName: "licenseBadge"
                            visible: page.appDetails.license !== ""
                            text: page.licenseText
                            fill: page.appDetails.licenseKind === "free" ? Theme.info
                                : page.appDetails.licenseKind === "proprietary" ? Theme.warning
                                : "transparent"
                            textColor: page.appDetails.licenseKind === "free" ? Theme.infoText
                                     : page.appDetails.licenseKind === "proprietary" ? Theme.warningText
                                     : Theme.text
                        }
                        Badge {
                            objectName: "versionBadge"
                            visible: page.packageDetails.versionText !== ""
                            //: the application's version on its page, e.g. "Version 43.1"
                            text: qsTr("Version %1").arg(page.packageDetails.versionText)
                            HoverHandler { id: versionHover }
                            ToolTip.text: page.packageDetails.versionTooltip
                            ToolTip.visible: versionHover.hovered && page.packageDetails.versionTooltip !== ""
                            ToolTip.delay: 400
                            Accessible.description: page.packageDetails.versionTooltip
                        }
                    }
                    RowLayout {
                        spacing: Theme.spacing
                        StarRating {
                            value: page.appDetails.ratingMean
                            starSize: Theme.subheadingSize
                            visible: page.appDetails.ratingCount > 0
                        }
                        Label {
                            textFormat: Text.PlainText
                            objectName: "ratingSummary"
                            //: the average of the votes on a 1 to 5 scale, and how many votes there are
                            text: page.appDetails.ratingCount > 0
                                  ? qsTr("%1 · %Ln rating(s)", "", page.appDetails.ratingCount)
                                        .arg(Number(page.appDetails.ratingMean).toLocaleString(Qt.locale(), "f", 1))
                                  : qsTr("No ratings yet")
                            color: Theme.mutedText
                            wrapMode: Text.Wrap
                            Layout.fillWidth: true
                        }
                    }
                }
                // The actions: beside the text on a wide window, on a row of their own below
                // icon and name on a narrow one.
                GridLayout {
                    objectName: "appActions"
                    Layout.alignment: Qt.AlignTop
                    Layout.columnSpan: page.narrow ? 2 : 1
                    Layout.fillWidth: page.narrow
                    flow: page.narrow ? GridLayout.LeftToRight : GridLayout.TopToBottom
                    columns: page.narrow ? 4 : 1
                    rows: page.narrow ? 1 : 4
                    columnSpacing: Theme.spacing
                    rowSpacing: Theme.spacing
                    Button {
                        id: installButton
                        objectName: "installButton"
                        text: qsTr("Install")
                        icon.name: "download"
                        highlighted: true
                        // not offered when nothing could install it: the reason shows instead
                        visible: page.canInstall && page.transactions.available
                        Accessible.name: qsTr("Install %1").arg(page.appDetails.name)
                        // the source the picker chose (the default one without a picker)
                        onClicked: page.transactions.installFrom(page.appDetails.appId,
                                                                 page.packageDetails.selectedSource)
                    }
                    Button {
                        objectName: "launchButton"
                        text: qsTr("Launch")
                        icon.name: "system-run"
                        highlighted: true
                        // appState first: re-checked when an install finishes
                        visible: page.installed && !page.busy
                                 && page.launcher.canLaunch(page.appDetails.desktopId)
                        Accessible.name: qsTr("Launch %1").arg(page.appDetails.name)
                        onClicked: page.launcher.launch(page.appDetails.desktopId)
                    }
                    Button {
                        objectName: "removeButton"
                        text: qsTr("Remove")
                        icon.name: "edit-delete"
                        visible: page.canRemove && page.transactions.available
                        Accessible.name: qsTr("Remove %1").arg(page.appDetails.name)
                        // the chosen source when it is installed from there, else where it is
                        onClicked: page.transactions.removeFrom(
                            page.appDetails.appId,
                            page.selectedInstalled ? page.packageDetails.selectedSource : "")
                    }
                    // Why there is no Install: what the user can do about it, in a quiet frame
                    Rectangle {
                        objectName: "unavailableNote"
                        visible: !page.transactions.available
                        color: "transparent"
                        border.color: Theme.border
                        radius: 4
                        implicitWidth: reason.implicitWidth + 2 * Theme.largeSpacing
                        implicitHeight: reason.implicitHeight + 2 * Theme.spacing
                        Layout.fillWidth: page.narrow
                        Layout.preferredWidth: page.narrow ? -1 : Theme.gridUnit * 13
                        Label {
                            id: reason
                            objectName: "unavailableReason"
                            anchors.fill: parent
                            anchors.leftMargin: Theme.largeSpacing
                            anchors.rightMargin: Theme.largeSpacing
                            anchors.topMargin: Theme.spacing
                            anchors.bottomMargin: Theme.spacing
                            verticalAlignment: Text.AlignVCenter
                            textFormat: Text.PlainText
                            // shown instead of Install: why nothing can install it here
                            text: page.transactions.unavailableReason
                            wrapMode: Text.Wrap
                            color: Theme.mutedText
                        }
                    }
                }
            }

            ProgressPanel {
                objectName: "progressPanel"
                visible: page.busy
                statusText: page.transactions.statusText
                percent: page.transactions.percent
                Layout.fillWidth: true
                Layout.leftMargin: page.margin
                Layout.rightMargin: page.margin
                onCancelRequested: page.transactions.cancel(page.appDetails.appId)
            }

            SourcePicker {
                objectName: "sourcePicker"
                visible: page.packageDetails.sources.length > 1
                sources: page.packageDetails.sources
                selected: page.packageDetails.selectedSource
                installedSources: page.transactions.installedSources
                Layout.fillWidth: true
                Layout.maximumWidth: Theme.gridUnit * 36
                Layout.leftMargin: page.margin
                Layout.rightMargin: page.margin
                onChosen: source => page.packageDetails.select(source)
            }

            ScreenshotCarousel {
                objectName: "carousel"
                visible: page.appDetails.found
                model: page.appDetails.screenshots
                // the description starts within the first screen, whatever the font size
                maximumHeight: Math.min(Theme.gridUnit * 22,
                                        Math.max(Theme.gridUnit * 8, page.height * 0.45))
                Layout.fillWidth: true
                Layout.leftMargin: page.margin
                Layout.rightMargin: page.margin
                onOpenRequested: index => viewer.show(index)
            }

            SectionHeading {
                objectName: "descriptionHeading"
                visible: page.appDetails.found && page.appDetails.descriptionBlocks.length > 0
                //: the heading over the application's description
                text: qsTr("About %1").arg(page.appDetails.name)
                Layout.leftMargin: page.margin
                Layout.rightMargin: page.margin
                Layout.maximumWidth: page.measure
            }

            TextBlocks {
                objectName: "description"
                model: page.appDetails.descriptionBlocks
                Layout.fillWidth: true
                Layout.maximumWidth: page.measure
                Layout.leftMargin: page.margin
                Layout.rightMargin: page.margin
            }

            LinkButtons {
                objectName: "links"
                visible: page.appDetails.found && page.appDetails.links.length > 0
                model: page.appDetails.links
                launcher: page.launcher
                Layout.fillWidth: true
                Layout.leftMargin: page.margin
                Layout.rightMargin: page.margin
            }

            ColumnLayout {
                objectName: "addonsSection"
                visible: page.appDetails.found && page.appDetails.addons.count > 0
                spacing: Theme.spacing
                Layout.fillWidth: true
                Layout.leftMargin: page.margin
                Layout.rightMargin: page.margin
                SectionHeading {
                    text: qsTr("Add-ons")
                }
                AddonList {
                    model: page.appDetails.addons
                    transactions: page.transactions
                    Layout.fillWidth: true
                }
            }

            ColumnLayout {
                objectName: "releasesSection"
                visible: page.appDetails.found && page.appDetails.releases.length > 0
                spacing: Theme.spacing
                Layout.fillWidth: true
                Layout.leftMargin: page.margin
                Layout.rightMargin: page.margin
                SectionHeading {
                    text: qsTr("What's new")
                }
                ReleaseList {
                    model: page.appDetails.releases
                    Layout.fillWidth: true
                    Layout.maximumWidth: page.measure
                }
            }

            GridLayout {
                visible: page.appDetails.found
                columns: page.narrow ? 1 : 2
                columnSpacing: Theme.gridUnit * 2
                rowSpacing: Theme.largeSpacing
                Layout.fillWidth: true
                Layout.leftMargin: page.margin
                Layout.rightMargin: page.margin
                Layout.bottomMargin: page.margin

                ColumnLayout {
                    Layout.alignment: Qt.AlignTop
                    Layout.preferredWidth: Theme.gridUnit * 16
                    spacing: Theme.spacing
                    SectionHeading {
                        text: qsTr("Ratings")
                    }
                    RowLayout {
                        visible: page.appDetails.ratingCount > 0
                        spacing: Theme.spacing
                        StarRating {
                            value: page.appDetails.ratingMean
                        }
                        Label {
                            textFormat: Text.PlainText
                            text: qsTr("%1 · %Ln rating(s)", "", page.appDetails.ratingCount)
                                      .arg(Number(page.appDetails.ratingMean).toLocaleString(Qt.locale(), "f", 1))
                        }
                    }
                    Label {
                        textFormat: Text.PlainText
                        objectName: "noRatings"
                        visible: page.appDetails.ratingCount === 0
                        text: qsTr("Nobody has rated this application yet.")
                        color: Theme.mutedText
                        wrapMode: Text.Wrap
                        Layout.fillWidth: true
                    }
                    Repeater {
                        model: page.appDetails.ratingCount > 0 ? page.appDetails.histogram : []
                        delegate: RowLayout {
                            id: bar
                            required property int index
                            required property int modelData
                            spacing: Theme.spacing
                            Accessible.role: Accessible.StaticText
                            Accessible.name: qsTr("%1 stars: %L2").arg(5 - bar.index).arg(bar.modelData)
                            Label {
                                textFormat: Text.PlainText
                                text: qsTr("%1 ★").arg(5 - bar.index)
                                Layout.preferredWidth: Theme.gridUnit * 2
                            }
                            Rectangle {
                                Layout.preferredWidth: Theme.gridUnit * 10
                                Layout.preferredHeight: Theme.spacing * 1.5
                                radius: height / 2
                                color: Theme.border
                                Rectangle {
                                    width: parent.width * bar.modelData / page.appDetails.histogramMax
                                    height: parent.height
                                    radius: height / 2
                                    color: Theme.star
                                }
                            }
                            Label { textFormat: Text.PlainText; text: "%L1".arg(bar.modelData); color: Theme.mutedText }
                        }
                    }
                }
                ColumnLayout {
                    Layout.alignment: Qt.AlignTop
                    Layout.fillWidth: true
                    spacing: Theme.spacing
                    SectionHeading {
                        text: qsTr("Details")
                    }
                    GridLayout {
                        objectName: "facts"
                        Layout.alignment: Qt.AlignTop
                        Layout.fillWidth: true
                        columns: 2
                        columnSpacing: Theme.largeSpacing
                        rowSpacing: Theme.spacing
                        Label { textFormat: Text.PlainText; text: qsTr("Package"); font.bold: true; Layout.alignment: Qt.AlignTop }
                        Label {
                            objectName: "packageNames"
                            // the source chosen in the picker's, for an app with several sources
                            text: (page.packageDetails.packages.length > 0
                                   ? page.packageDetails.packages
                                   : page.appDetails.packages).join("\n")
                            textFormat: Text.PlainText
                            wrapMode: Text.Wrap
                            Layout.fillWidth: true
                        }
                        Label {
                            textFormat: Text.PlainText
                            text: qsTr("Available")
                            font.bold: true
                            visible: page.packageDetails.versions.length > 0
                            Layout.alignment: Qt.AlignTop
                        }
                        Label {
                            objectName: "packageVersions"
                            visible: page.packageDetails.versions.length > 0
                            text: page.packageDetails.versions.join("\n")
                            textFormat: Text.PlainText
                            wrapMode: Text.Wrap
                            Layout.fillWidth: true
                        }
                        Label { textFormat: Text.PlainText; text: qsTr("Version"); font.bold: true; visible: page.packageDetails.versionText !== "" }
                        Label {
                            objectName: "humanVersion"
                            visible: page.packageDetails.versionText !== ""
                            text: page.packageDetails.versionText
                            textFormat: Text.PlainText
                            Layout.fillWidth: true
                            HoverHandler { id: versionFactHover }
                            ToolTip.text: page.packageDetails.versionTooltip
                            ToolTip.visible: versionFactHover.hovered && page.packageDetails.versionTooltip !== ""
                            Accessible.description: page.packageDetails.versionTooltip
                        }
                        Label { textFormat: Text.PlainText; text: qsTr("Download size"); font.bold: true; visible: page.packageDetails.downloadSizeText !== "" }
                        Label {
                            textFormat: Text.PlainText
                            objectName: "downloadSize"
                            visible: page.packageDetails.downloadSizeText !== ""
                            text: page.packageDetails.downloadSizeText
                            Layout.fillWidth: true
                        }
                        Label { textFormat: Text.PlainText; text: qsTr("Installed size"); font.bold: true; visible: page.packageDetails.sizeText !== "" }
                        Label {
                            textFormat: Text.PlainText
                            objectName: "packageSize"
                            visible: page.packageDetails.sizeText !== ""
                            text: page.packageDetails.sizeText
                            Layout.fillWidth: true
                        }
                        Label {
                            textFormat: Text.PlainText
                            text: qsTr("License")
                            font.bold: true
                            visible: page.appDetails.license !== ""
                            Layout.alignment: Qt.AlignTop
                        }
                        // the licence, and below it the link to read it (never side by side: the
                        // button's width would widen the page on a narrow window)
                        ColumnLayout {
                            visible: page.appDetails.license !== ""
                            spacing: 0
                            Layout.fillWidth: true
                            Label {
                                text: page.appDetails.license
                                textFormat: Text.PlainText
                                wrapMode: Text.Wrap
                                Layout.fillWidth: true
                            }
                            TextLink {
                                objectName: "licenseLink"
                                visible: page.appDetails.licenseUrl !== ""
                                text: qsTr("Read the license")
                                url: page.appDetails.licenseUrl
                                onClicked: page.launcher.openUrl(page.appDetails.licenseUrl)
                            }
                        }
                        Label {
                            textFormat: Text.PlainText
                            text: qsTr("Age rating")
                            font.bold: true
                            visible: page.appDetails.contentRatingKnown
                            Layout.alignment: Qt.AlignTop
                        }
                        ColumnLayout {
                            objectName: "contentRating"
                            visible: page.appDetails.contentRatingKnown
                            spacing: 0
                            Layout.fillWidth: true
                            Label {
                                textFormat: Text.PlainText
                                text: page.ageText
                                Layout.fillWidth: true
                            }
                            Repeater {
                                model: page.appDetails.ageReasons
                                delegate: Label {
                                    required property string modelData
                                    text: "• " + modelData
                                    textFormat: Text.PlainText
                                    color: Theme.mutedText
                                    wrapMode: Text.Wrap
                                    Layout.fillWidth: true
                                }
                            }
                        }
                        Label { textFormat: Text.PlainText; text: qsTr("Categories"); font.bold: true; visible: page.appDetails.categories.length > 0 }
                        Label {
                            visible: page.appDetails.categories.length > 0
                            text: page.appDetails.categories.join(", ")
                            textFormat: Text.PlainText
                            Layout.fillWidth: true
                        }
                    }
                }
            }

            ReviewsSection {
                visible: page.appDetails.found && page.reviews !== null && page.reviews.enabled
                reviews: page.reviews
                appName: page.appDetails.name
                canWrite: page.installed
                Layout.fillWidth: true
                Layout.leftMargin: page.margin
                Layout.rightMargin: page.margin
                Layout.bottomMargin: page.margin
            }
        }
    }

    ScreenshotViewer {
        id: viewer
        objectName: "screenshotViewer"
        model: page.appDetails.screenshots
    }
}
